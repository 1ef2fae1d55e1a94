#!/usr/bin/env node
// Creates a workload on a loopback OpenBench server as its web form does (log in, then post the form with its CSRF
// token), with Tessera's presets (tools/openbench/Tessera.json): an SPRT test (or a fixed number of games) of one
// branch against another, or a DATAGEN workload (self-play from openings Tessera's genfens makes).
//
//   node tools/openbench/workload.mjs test DEV_BRANCH DEV_BENCH BASE_BRANCH BASE_BENCH [--games N] [--tc 10.0+0.1]
//   node tools/openbench/workload.mjs datagen BRANCH BENCH --games N [--tc 2.0+0.02]
//   node tools/openbench/workload.mjs tune BRANCH BENCH --params a,b --iterations N [--pairs P] [--tc 5.0+0.05]
//        [--r-end R]   (every parameter's r_end: OpenBench's usual 0.002; a smoke test of a few iterations needs
//                       about 0.02 to move anything, a real run of hundreds of iterations with that would be noise)
//
// Every kind takes --priority N (default 0): clients take the workloads of the highest priority first, so a queue of
// tests on one machine runs one after another instead of sharing it.
// A tune's branch must be a tuning build (TUNE ?= 1 in its Makefile); its parameters' lines come from `tessera spsa`.
// Environment: OB_SERVER (http://127.0.0.1:8000), OB_STANDIN (http://127.0.0.1:8010), OB_USER, OB_PASSWORD.
const argv = process.argv.slice(2);
const kind = argv[0];
const [devBranch, devBench] = argv.slice(1, 3);
const single = kind === 'datagen' || kind === 'tune';
const [baseBranch, baseBench] = single ? [devBranch, devBench] : argv.slice(3, 5);
const rest = argv.slice(single ? 3 : 5);
if (!['test', 'datagen', 'tune'].includes(kind) || !baseBench) {
  console.error(
    'usage: workload.mjs test DEV_BRANCH DEV_BENCH BASE_BRANCH BASE_BENCH [--games N] | datagen BRANCH BENCH',
  );
  process.exit(2);
}
const opt = (name, dflt) => (rest.includes(name) ? rest[rest.indexOf(name) + 1] : dflt);
const server = process.env.OB_SERVER ?? 'http://127.0.0.1:8000';
const standin = process.env.OB_STANDIN ?? 'http://127.0.0.1:8010';
const cookies = new Map();

async function request(path, body) {
  const headers = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), referer: `${server}${path}` };
  if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await fetch(`${server}${path}`, {
    method: body ? 'POST' : 'GET',
    headers,
    body: body ? new URLSearchParams(body).toString() : undefined,
    redirect: 'manual',
  });
  for (const c of res.headers.getSetCookie()) {
    const [kv] = c.split(';');
    const eq = kv.indexOf('=');
    cookies.set(kv.slice(0, eq), kv.slice(eq + 1));
  }
  return res;
}

const csrf = () => cookies.get('csrftoken') ?? '';
await request('/login/');
const login = await request('/login/', {
  csrfmiddlewaretoken: csrf(),
  username: process.env.OB_USER ?? 'tessera',
  password: process.env.OB_PASSWORD ?? 'tessera-loopback',
});
if (login.headers.get('location') !== '/index/') {
  console.error(`login refused (${login.status} to ${login.headers.get('location')})`);
  process.exit(1);
}
const path = `/${kind}/new/`;
await request(path);
const side = (who, branch, bench) => ({
  [`${who}_engine`]: 'Tessera',
  [`${who}_repo`]: `${standin}/tessera/tessera`,
  [`${who}_branch`]: branch,
  [`${who}_bench`]: bench,
  [`${who}_network`]: '',
  [`${who}_options`]: 'Threads=1 Hash=16',
  [`${who}_time_control`]: opt('--tc', { test: '10.0+0.1', datagen: '2.0+0.02', tune: '5.0+0.05' }[kind]),
});
const games = opt('--games', '');
/** The SPSA input lines of the named parameters, as `tessera spsa` prints them, with the given r_end. */
async function spsaLines(names, rEnd) {
  const { execFileSync } = await import('node:child_process');
  const exe = new URL('../../dist/tessera.js', import.meta.url).pathname;
  const all = execFileSync(process.execPath, [exe, 'spsa', '--r-end', rEnd], { encoding: 'utf8' }).trim().split('\n');
  const lines = all.filter((l) => names.includes(l.split(',')[0].trim()));
  if (lines.length !== names.length) throw new Error(`unknown parameters among ${names.join(', ')}`);
  return lines.join('\n');
}
const specific =
  kind === 'tune'
    ? {
        book_name: 'noob_3moves.epd',
        upload_pgns: 'FALSE',
        spsa_inputs: await spsaLines(opt('--params', 'rfpMargin,futBase').split(','), opt('--r-end', '0.002')),
        spsa_reporting_type: 'BULK',
        spsa_distribution_type: 'SINGLE',
        spsa_alpha: '0.602',
        spsa_gamma: '0.101',
        spsa_A_ratio: '0.1',
        spsa_iterations: opt('--iterations', '100'),
        spsa_pairs_per: opt('--pairs', '4'),
      }
    : kind === 'datagen'
      ? {
          book_name: 'NONE',
          upload_pgns: 'VERBOSE',
          datagen_max_games: games || '100',
          datagen_custom_genfens: '',
          datagen_play_reverses: 'NO',
        }
      : {
          book_name: 'noob_3moves.epd',
          upload_pgns: 'COMPACT',
          test_mode: games ? 'GAMES' : 'SPRT',
          test_bounds: '[0.00, 10.00]',
          test_confidence: '[0.10, 0.05]',
          test_max_games: games || '20000',
        };
const form = {
  csrfmiddlewaretoken: csrf(),
  ...side('dev', devBranch, devBench),
  ...(kind === 'tune' ? {} : side('base', baseBranch, baseBench)),
  ...specific,
  priority: opt('--priority', '0'),
  throughput: '1000',
  syzygy_wdl: 'OPTIONAL',
  workload_size: '8',
  scale_method: 'BOTH',
  scale_nps: '450000',
  syzygy_adj: 'OPTIONAL',
  win_adj: 'movecount=3 score=600',
  draw_adj: 'movenumber=34 movecount=8 score=20',
  info: `${devBranch} against ${baseBranch}`,
};
const res = await request(path, form);
const to = res.headers.get('location');
const page = await request(to ?? '/index/');
const html = await page.text();
const error = /error[^"]*"[^>]*>\s*([^<]+)</i.exec(html)?.[1]?.trim();
if (process.env.OB_DEBUG) (await import('node:fs')).writeFileSync('/tmp/ob-page.html', html);
if (to !== '/index/' || error) {
  console.error(`the server refused the ${kind}: ${error ?? `${res.status} to ${to}`}`);
  process.exit(1);
}
console.log(`${kind} created: ${devBranch}${kind === 'test' ? ` against ${baseBranch}` : ''} (${server}/index/)`);
