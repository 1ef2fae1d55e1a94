// Command-line front door: no arguments (or `uci`) runs the UCI engine; perft, bench and epd are
// the same engine's modules behind other doors.
import { Command } from 'commander';
import { parseFen, START_FEN } from './core/fen';
import { startUci } from './uci/uci';
import { perftCommand } from './uci/perft';
import { runBench, BENCH_DEPTH } from './search/bench';
import { send } from './io';
import { SPSA_R_END, spsaInput } from './search/params';
import { NNUE_DEFAULT, createEvaluator } from './eval/nets';
import { VERSION } from './version';
import { runEpd, epdOptions, EXIT_USAGE } from './epd/command';
import { runDatagen, runDataInfo, runPgnToData } from './datagen/command';
import { readBookFens } from './datagen/book';
import { runTb } from './tb/command';
import { genfens, parseGenfens } from './datagen/genfens';
import { parseNet, type Net } from './eval/netfile';
import { clip } from './core/clip';
import * as fs from 'node:fs';

/** Words that make the arguments UCI-style command lines, as OpenBench passes them (`"genfens …" "quit"`). */
const ARGV_COMMANDS = ['genfens', 'setoption', 'quit'];

/**
 * Runs command lines given as arguments, in order: `setoption name EvalFile value NET` (the net genfens and bench
 * use), `genfens …`, `bench [depth]` and `quit`. What cannot be done is said as `info string` and the exit code is 1.
 */
function runArgvCommands(lines: string[]): number {
  let net: Net | null = null;
  let failed = false;
  const refuse = (text: string): void => {
    send(`info string ${clip(text, 200)}`);
    failed = true;
  };
  for (const line of lines) {
    const word = line.trim().split(/\s+/)[0];
    if (word === 'quit') break;
    if (word === 'setoption') {
      const m = /^setoption\s+name\s+evalfile\s+value\s+(.+)$/i.exec(line.trim());
      if (!m) {
        refuse(`only 'setoption name EvalFile value <file>' is taken on the command line: ${line}`);
        continue;
      }
      try {
        const n = parseNet(new Uint8Array(fs.readFileSync(m[1])));
        if (typeof n === 'string') refuse(`EvalFile ${m[1]}: ${n}`);
        else net = n;
      } catch (e) {
        refuse(`EvalFile ${m[1]}: cannot read it (${(e as { code?: string }).code ?? 'error'})`);
      }
    } else if (word === 'genfens') {
      const g = parseGenfens(line);
      if (typeof g === 'string') {
        refuse(g);
        continue;
      }
      let book: string[] = [];
      try {
        if (g.book !== null) book = readBookFens(g.book);
      } catch (e) {
        refuse(`genfens: ${(e as Error).message}`);
        continue;
      }
      genfens({ ...g.req, book }, net, send);
    } else if (word === 'bench') {
      // OpenBench benches a private net's engine as `"setoption name EvalFile value NET" bench quit`.
      const depth = Number(line.trim().split(/\s+/)[1] ?? BENCH_DEPTH);
      runBench(
        send,
        createEvaluator(true, net ?? undefined),
        Number.isInteger(depth) && depth > 0 ? depth : BENCH_DEPTH,
      );
    } else refuse(`unknown command: ${line}`);
  }
  return failed ? 1 : 0;
}

function main(argv: string[]): void {
  const first = (argv[2] ?? '').trim().split(/\s+/)[0];
  if (ARGV_COMMANDS.includes(first)) {
    process.exitCode = runArgvCommands(argv.slice(2));
    return;
  }
  const program = new Command();
  program
    .name('tessera')
    .description('Tessera, a UCI chess engine. With no command it speaks UCI on stdin/stdout.')
    .version(VERSION, '-v, --version')
    .action(() => startUci());

  program
    .command('uci')
    .description('run the UCI protocol loop (the default)')
    .action(() => startUci());

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
      perftCommand(pos, depth, send);
    });

  program
    .command('spsa')
    .description(
      "the search's tunable parameters as OpenBench's SPSA input (name, int|float, default, min, max, c_end, r_end)",
    )
    .option('--r-end <x>', "every parameter's r_end", String(SPSA_R_END))
    .action((o: { rEnd: string }) => {
      const rEnd = Number(o.rEnd);
      if (!(rEnd > 0 && rEnd <= 1)) {
        console.error(`spsa: --r-end must be a number in (0, 1], got '${o.rEnd.slice(0, 40)}'`);
        process.exit(2);
      }
      for (const l of spsaInput(rEnd)) send(l);
    });

  program
    .command('bench')
    .description('search a fixed set of positions to a fixed depth; prints nodes and nodes/second')
    .argument('[depth]', 'search depth', String(BENCH_DEPTH))
    .option('--hce', 'use the hand-crafted evaluation', false)
    .option('--nnue', 'use the built-in net', false)
    .action((depthText: string, o: { hce: boolean; nnue: boolean }) => {
      const depth = Number(depthText);
      if (!Number.isInteger(depth) || depth < 1 || depth > 64) {
        console.error(`bench: depth must be an integer 1..64, got '${depthText}'`);
        process.exit(2);
      }
      runBench(send, createEvaluator(o.hce ? false : o.nnue ? true : NNUE_DEFAULT), depth);
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
    .option('--json <file>', "write every position's result to this JSON file")
    .action(async (files: string[], o: Record<string, string | undefined>) => {
      const opts = epdOptions(files, o);
      if (typeof opts === 'string') {
        console.error(`epd: ${opts}`);
        process.exit(EXIT_USAGE);
      }
      process.exitCode = await runEpd(opts);
    });

  program
    .command('datagen')
    .description('self-play games for training data, appended to a viriformat file')
    .requiredOption('--out <file>', 'viriformat file to append to (a partial last game is dropped first)')
    .option('--count <n>', 'stop after this many positions (0: until interrupted)', '0')
    .option('--jobs <n>', 'games played side by side, one thread each', '1')
    .option('--nodes <n>', 'soft node limit per move (no new iteration after it)', '5000')
    .option('--hard-nodes <n>', 'hard node cap per move (default 8 x --nodes)')
    .option('--random-plies <n>', 'random plies before the game (plus 0 or 1 at random)', '8')
    .option('--book <file>', 'EPD/FEN openings to start the random plies from (default: the start position)')
    .option('--seed <n>', 'seed: the same seed gives the same games', '1')
    .option('--hash <mib>', 'hash per game in MiB (cleared for every game)', '8')
    .option('--ply-cap <n>', 'recorded plies after which a game is a draw', '400')
    .option('--opening-limit <cp>', 'largest |score| of a short search that an opening may have', '1000')
    .option('--dfrc <percent>', 'share of games from double Fischer random starts (Chess960 castling)', '0')
    .option('--syzygy <path>', 'Syzygy tables: a game ends with their result once its position is in them')
    .option('--hce', 'search with the hand-crafted evaluation', false)
    .option('--nnue', 'search with the built-in net (or --net)', false)
    .option('--net <file>', 'search with this net file instead of the built-in one')
    .action(async (o: Record<string, string | boolean | undefined>) => {
      const int = (name: string, min: number, max: number): number => {
        const v = Number(o[name]);
        if (!Number.isInteger(v) || v < min || v > max) {
          console.error(
            `datagen: --${name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} must be an integer ${min}..${max}`,
          );
          process.exit(2);
        }
        return v;
      };
      const nodes = int('nodes', 1, 1e9);
      let book: string[] = [];
      if (typeof o.book === 'string') {
        try {
          book = readBookFens(o.book);
        } catch (e) {
          console.error(`datagen: ${(e as Error).message}`);
          process.exit(2);
        }
      }
      process.exitCode = await runDatagen({
        out: String(o.out),
        count: int('count', 0, 2e9),
        jobs: int('jobs', 1, 256),
        softNodes: nodes,
        hardNodes: o.hardNodes === undefined ? nodes * 8 : int('hardNodes', nodes, 1e10),
        randomPlies: int('randomPlies', 0, 100),
        book,
        seed: int('seed', 0, 2 ** 32 - 1),
        hashMiB: int('hash', 1, 4096),
        plyCap: int('plyCap', 1, 3000),
        openingLimit: int('openingLimit', 1, 30000),
        dfrc: int('dfrc', 0, 100) / 100,
        syzygyPath: typeof o.syzygy === 'string' ? o.syzygy : '',
        hce: o.hce === true || (!NNUE_DEFAULT && o.nnue !== true && typeof o.net !== 'string'),
        netFile: typeof o.net === 'string' ? o.net : null,
      });
    });

  program
    .command('data')
    .description('summarise viriformat training data (.gz/.br read too), or print it as FEN | score | result | move')
    .argument('<files...>', 'viriformat files')
    .option('--text', "print every position (score: white's view, result: 1.0 white win .. 0.0 black win)", false)
    .option('--limit <n>', 'with --text: at most this many positions', '0')
    .option(
      '--from-pgn',
      'the files are PGN games with scores in their comments (fastchess, OpenBench): append them to --out',
    )
    .option('--out <file>', 'with --from-pgn: the viriformat file to append to')
    .action((files: string[], o: { text: boolean; limit: string; fromPgn?: boolean; out?: string }) => {
      if (o.fromPgn) {
        if (!o.out) {
          console.error('data: --from-pgn needs --out FILE');
          process.exitCode = 2;
          return;
        }
        process.exitCode = runPgnToData(files, o.out);
        return;
      }
      process.exitCode = runDataInfo(files, o.text, Math.max(0, Number(o.limit) || 0));
    });

  program
    .command('tb')
    .description("probe Syzygy tablebases: WDL, DTZ and every legal move's result, one line each")
    .argument('<fen>', 'position to probe')
    .requiredOption('--path <dirs>', "Syzygy directories, separated by ':' (';' on Windows)")
    .option('--no-rule50', 'ignore the fifty-move rule when ranking moves (cursed wins count as wins)')
    .action((fen: string, o: { path: string; rule50: boolean }) => {
      process.exitCode = runTb(o.path, fen, o.rule50);
    });

  program.parse(argv);
}

main(process.argv);
