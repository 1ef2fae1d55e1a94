// Command-line front door: no arguments (or `uci`) runs the UCI engine; perft, bench and epd are
// the same engine's modules behind other doors.
import { Command } from 'commander';
import { parseFen, START_FEN } from './core/fen';
import { perftCommand, startUci } from './uci/uci';
import { runBench, BENCH_DEPTH } from './search/bench';
import { VERSION } from './version';
import { runEpd, epdOptions, EXIT_USAGE } from './epd/command';

function main(argv: string[]): void {
  const program = new Command();
  program
    .name('tessera')
    .description('Tessera, a UCI chess engine. With no command it speaks UCI on stdin/stdout.')
    .version(VERSION, '-v, --version')
    .action(() => startUci());

  program.command('uci').description('run the UCI protocol loop (the default)').action(() => startUci());

  program
    .command('perft')
    .description('count leaf nodes of the legal move tree (Stockfish go perft format)')
    .argument('<depth>', 'depth in plies')
    .option('--fen <fen>', 'position to start from', START_FEN)
    .option('--chess960', 'Chess960 mode: castling written king-takes-rook', false)
    .action((depthText: string, o: { fen: string; chess960: boolean }) => {
      const depth = Number(depthText);
      if (!Number.isInteger(depth) || depth < 0 || depth > 20) {
        console.error(`perft: depth must be an integer 0..20, got '${depthText}'`);
        process.exit(2);
      }
      const pos = parseFen(o.fen, o.chess960);
      if (typeof pos === 'string') {
        console.error(`perft: invalid FEN: ${pos}`);
        process.exit(2);
      }
      perftCommand(pos, depth);
    });

  program
    .command('bench')
    .description('search a fixed set of positions to a fixed depth; prints nodes and nodes/second')
    .argument('[depth]', 'search depth', String(BENCH_DEPTH))
    .action((depthText: string) => {
      const depth = Number(depthText);
      if (!Number.isInteger(depth) || depth < 1 || depth > 64) {
        console.error(`bench: depth must be an integer 1..64, got '${depthText}'`);
        process.exit(2);
      }
      runBench(depth);
    });

  program
    .command('epd')
    .description('solve EPD test suites (bm/am/dm, STS c0 points) with Tessera engine processes over UCI')
    .argument('<files...>', 'EPD files (e.g. epd/wac.epd epd/bratko_kopec.epd epd/sts1-15.epd)')
    .option('--movetime <ms>', 'time per position in milliseconds (the default: 1000)')
    .option('--depth <n>', 'search each position to this depth instead')
    .option('--nodes <n>', 'search each position for this many nodes instead')
    .option('--threads <n>', 'search threads per engine', '1')
    .option('--hash <mib>', 'hash table per engine in MiB', '16')
    .option('--jobs <n>', 'engines solving positions in parallel', '1')
    .option('--json <file>', 'write every position\'s result to this JSON file')
    .action(async (files: string[], o: Record<string, string | undefined>) => {
      const opts = epdOptions(files, o);
      if (typeof opts === 'string') {
        console.error(`epd: ${opts}`);
        process.exit(EXIT_USAGE);
      }
      process.exitCode = await runEpd(opts);
    });

  program.parse(argv);
}

main(process.argv);
