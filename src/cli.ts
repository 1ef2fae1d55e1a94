// Command-line front door: no arguments (or `uci`) runs the UCI engine; perft, bench and epd are
// the same engine's modules behind other doors.
import { Command } from 'commander';
import { parseFen, START_FEN } from './core/fen';
import { perftCommand, startUci } from './uci/uci';
import { runBench, BENCH_DEPTH } from './search/bench';
import { VERSION } from './version';

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

  program.parse(argv);
}

main(process.argv);
