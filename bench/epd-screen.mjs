#!/usr/bin/env node
// A tactical screen of search builds before their games: each build solves an EPD suite (WAC by default) at a fixed
// node count per position, so the result does not depend on the machine's load and can run beside a match. A change
// that costs many positions (double extensions cost 26 of WAC's 300 at 200,000 nodes) is looked at before it costs
// hours of games; a few positions either way is noise, and only games decide whether a change lands.
//
//   node bench/epd-screen.mjs [--nodes N] [--suite FILE] BUILD...    (N 200000, FILE epd/wac.epd)
//
// BUILD is a binary (dist/tessera) or a bundle run with node (dist/tessera.js). Prints each build's score and the
// positions it alone solves or misses against the first build, read from `tessera epd --json`.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const usage = 'usage: node bench/epd-screen.mjs [--nodes N] [--suite FILE] BUILD...';
let nodes = 200000;
let suite = path.join(here, '..', 'epd', 'wac.epd');
const args = process.argv.slice(2);
while (args[0]?.startsWith('--')) {
  const [k, v] = args.splice(0, 2);
  if (k === '--nodes' && Number(v) > 0) nodes = Number(v);
  else if (k === '--suite' && v) suite = v;
  else {
    console.error(`epd-screen: bad option ${k} ${v ?? ''}\n${usage}`);
    process.exit(2);
  }
}
if (args.length === 0) {
  console.error(usage);
  process.exit(2);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'epd-screen-'));
/** The suite's report for one build: its summary and the ids of the positions it missed. */
function screen(build) {
  const json = path.join(tmp, 'report.json');
  const [cmd, pre] = build.endsWith('.js') ? [process.execPath, [build]] : [build, []];
  const epdArgs = ['epd', suite, '--nodes', String(nodes), '--jobs', '1', '--json', json];
  try {
    execFileSync(cmd, [...pre, ...epdArgs], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (e) {
    throw new Error(
      `${build} failed: ${String(e.stderr ?? e.message)
        .trim()
        .split('\n')
        .slice(-5)
        .join('\n')}`,
    );
  }
  const f = JSON.parse(fs.readFileSync(json, 'utf8')).files[0];
  const summary =
    f.maxPoints > 0
      ? `${f.points}/${f.maxPoints} points, best move ${f.solved}/${f.positions}`
      : `${f.solved}/${f.positions} solved`;
  return { summary, missed: new Set(f.results.filter((r) => r.run && !r.solved).map((r) => r.id)) };
}

/** Named when few (a big suite's churn is only counted). */
const list = (ids) =>
  ids.length === 0 ? 'nothing more' : ids.length <= 12 ? ids.join(', ') : `${ids.length} positions`;

try {
  let first = null;
  for (const build of args) {
    const r = screen(build);
    let line = `${path.basename(build)}: ${r.summary} at ${nodes} nodes`;
    if (first) {
      const solves = [...first.missed].filter((id) => !r.missed.has(id));
      const misses = [...r.missed].filter((id) => !first.missed.has(id));
      line += `; against ${path.basename(args[0])}: solves ${list(solves)}, misses ${list(misses)}`;
    } else first = r;
    console.log(line);
  }
} catch (e) {
  console.error(`epd-screen: ${e.message}`);
  process.exitCode = 1;
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
