#!/usr/bin/env node
// A game under a real GUI host's protocol: Tessera behind Debian's PolyGlot adapter (UCI -> xboard/CECP), driven
// the way xboard drives an engine (xboard, protover 2, new, level, time/otim, usermove, go), against Stockfish at a
// limited strength. Every move of both sides is checked against Tessera's own legal-move generator, and the game is
// played to its end by the rules (mate, stalemate, threefold, fifty moves, dead position) or to a move cap.
//
//   node tools/gui-check.mjs [--engine dist/tessera] [--elo 1500] [--sf-elo 1500] [--level "0 1 1"]
//        [--transcript /tmp/gui-check.txt] [--tessera-white 1]
//
// The transcript has every line the driver sent to PolyGlot (>) and received from it (<), then the game as PGN.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleCore } from '../test/helpers/bundle-core.mjs';
import { parseOptions } from './script-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const opt = parseOptions({
  engine: path.join(root, 'dist/tessera'),
  polyglot: '/usr/games/polyglot',
  stockfish: '/usr/games/stockfish',
  elo: 1500,
  'sf-elo': 1500,
  level: '0 1 1',
  transcript: '/tmp/gui-check.txt',
  'tessera-white': 1,
  'max-moves': 300,
});

const lib = await bundleCore(
  root,
  'guicheck',
  `
  export { parseFen } from './src/core/fen';
  export { parseUciMove, moveToSan } from './src/core/notation';
  export { gameResult } from './src/core/rules';`,
);
const { parseFen, parseUciMove, moveToSan, gameResult } = await import(pathToFileURL(lib).href);
fs.rmSync(lib);

const log = [];
const note = (s) => {
  log.push(s);
};

/** A child process with a line queue: `next(pred, ms)` resolves with the first matching line. */
function child(cmd, args, tagOut, tagIn) {
  const p = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines = [],
    waiters = [];
  readline.createInterface({ input: p.stdout }).on('line', (l) => {
    if (tagIn) note(`${tagIn} ${l}`);
    lines.push(l);
    for (let i = 0; i < waiters.length; i++) {
      const w = waiters[i],
        j = lines.findIndex(w.pred);
      if (j >= 0) {
        waiters.splice(i--, 1);
        clearTimeout(w.timer);
        w.resolve(lines.splice(0, j + 1)[j]);
      }
    }
  });
  let exited = null;
  p.on('exit', (code, sig) => {
    exited = `exit ${code ?? sig}`;
  });
  return {
    send(s) {
      if (tagOut) note(`${tagOut} ${s}`);
      p.stdin.write(s + '\n');
    },
    next(pred, ms) {
      const j = lines.findIndex(pred);
      if (j >= 0) return Promise.resolve(lines.splice(0, j + 1)[j]);
      return new Promise((resolve, reject) => {
        const w = {
          pred,
          resolve,
          timer: setTimeout(() => reject(new Error(`timeout waiting (${exited ?? 'running'})`)), ms),
        };
        waiters.push(w);
      });
    },
    get exited() {
      return exited;
    },
    kill() {
      p.kill();
    },
  };
}

const pg = child(
  opt.polyglot,
  ['-noini', '-ec', path.resolve(opt.engine), '-uci', 'UCI_LimitStrength=true', '-uci', `UCI_Elo=${opt.elo}`],
  '>',
  '<',
);
const sf = child(opt.stockfish, [], null, null);

// xboard's handshake.
pg.send('xboard');
pg.send('protover 2');
await pg.next((l) => /feature .*done=1/.test(l), 20000);
pg.send('new');
pg.send('random');
pg.send(`level ${opt.level}`);
pg.send('post');
pg.send('easy');
sf.send('uci');
await sf.next((l) => l === 'uciok', 10000);
sf.send('setoption name UCI_LimitStrength value true');
sf.send(`setoption name UCI_Elo value ${opt['sf-elo']}`);
sf.send('isready');
await sf.next((l) => l === 'readyok', 10000);

// level MPS BASE INC: BASE in minutes or minutes:seconds, INC in seconds (MPS 0: the whole game).
const [, baseText, incText] = opt.level.split(' ');
const baseMs = baseText.split(':').reduce((a, b, i) => a + Number(b) * (i === 0 ? 60000 : 1000), 0),
  inc = Number(incText);
const clock = { tessera: baseMs, stockfish: baseMs };
const pos = parseFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
const tesseraWhite = Boolean(opt['tessera-white']);
const uciMoves = [],
  san = [];
let result = null,
  reason = '',
  incident = null;

function play(text, who) {
  const m = parseUciMove(pos, text);
  if (m === 0) {
    incident = `${who} played an illegal move: ${text}`;
    return false;
  }
  san.push(moveToSan(pos, m));
  pos.make(m);
  uciMoves.push(text);
  return true;
}

try {
  if (tesseraWhite) {
    pg.send(`time ${Math.round(clock.tessera / 10)}`);
    pg.send(`otim ${Math.round(clock.stockfish / 10)}`);
    pg.send('go');
  }
  for (let ply = 0; ply < opt['max-moves'] * 2; ply++) {
    const gr = gameResult(pos);
    if (gr) {
      reason = gr;
      result = gr === 'checkmate' ? (pos.stm === 0 ? '0-1' : '1-0') : '1/2-1/2';
      break;
    }
    const tesseraToMove = (pos.stm === 0) === tesseraWhite;
    const t0 = Date.now();
    if (tesseraToMove) {
      const line = await pg.next(
        (l) => /^move \S+/.test(l) || /^(1-0|0-1|1\/2-1\/2|resign|Illegal|Error)/.test(l),
        clock.tessera + 10000,
      );
      if (!line.startsWith('move ')) {
        incident = `PolyGlot/Tessera said: ${line}`;
        break;
      }
      clock.tessera -= Date.now() - t0;
      if (clock.tessera < 0) {
        incident = 'Tessera lost on time';
        break;
      }
      clock.tessera += inc * 1000;
      if (!play(line.slice(5).trim(), 'Tessera')) break;
    } else {
      const wt = tesseraWhite ? clock.tessera : clock.stockfish,
        bt = tesseraWhite ? clock.stockfish : clock.tessera;
      sf.send(`position startpos moves ${uciMoves.join(' ')}`);
      sf.send(`go wtime ${Math.round(wt)} btime ${Math.round(bt)} winc ${inc * 1000} binc ${inc * 1000}`);
      const line = await sf.next((l) => l.startsWith('bestmove'), clock.stockfish + 10000);
      clock.stockfish -= Date.now() - t0;
      clock.stockfish += inc * 1000;
      const mv = line.split(' ')[1];
      if (!play(mv, 'Stockfish')) break;
      const gr2 = gameResult(pos);
      if (gr2) {
        reason = gr2;
        result = gr2 === 'checkmate' ? (pos.stm === 0 ? '0-1' : '1-0') : '1/2-1/2';
        break;
      }
      pg.send(`time ${Math.round(clock.tessera / 10)}`);
      pg.send(`otim ${Math.round(clock.stockfish / 10)}`);
      pg.send(`usermove ${mv}`);
    }
  }
  if (!result && !incident) {
    result = '*';
    reason = 'move cap';
  }
} catch (e) {
  incident = String(e);
}
pg.send('quit');
sf.send('quit');
await new Promise((r) => setTimeout(r, 500));
pg.kill();
sf.kill();

let movetext = '';
for (let i = 0; i < san.length; i++) movetext += (i % 2 === 0 ? `${i / 2 + 1}. ` : '') + san[i] + ' ';
const white = tesseraWhite ? `Tessera (UCI_Elo ${opt.elo}, via PolyGlot)` : `Stockfish (UCI_Elo ${opt['sf-elo']})`;
const black = tesseraWhite ? `Stockfish (UCI_Elo ${opt['sf-elo']})` : `Tessera (UCI_Elo ${opt.elo}, via PolyGlot)`;
const pgn = `[White "${white}"]\n[Black "${black}"]\n[Result "${result ?? '*'}"]\n[Termination "${incident ?? reason}"]\n\n${movetext}${result ?? '*'}\n`;
fs.writeFileSync(opt.transcript, log.join('\n') + '\n\n' + pgn);
console.log(pgn);
console.log(
  `${san.length} plies; ${incident ? `INCIDENT: ${incident}` : `ended by ${reason}`}; transcript in ${opt.transcript}`,
);
process.exit(incident ? 1 : 0);
