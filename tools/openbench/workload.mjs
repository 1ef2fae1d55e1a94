#!/usr/bin/env node
// Creates a workload on a loopback OpenBench server as its web form does (log in, then post the form with its CSRF
// token): an SPRT test of one branch against another, Tessera's presets (tools/openbench/Tessera.json).
//
//   node tools/openbench/workload.mjs test DEV_BRANCH DEV_BENCH BASE_BRANCH BASE_BENCH [--games N] [--tc 10.0+0.1]
//
// Environment: OB_SERVER (http://127.0.0.1:8000), OB_STANDIN (http://127.0.0.1:8010), OB_USER, OB_PASSWORD.
const [kind, devBranch, devBench, baseBranch, baseBench, ...rest] = process.argv.slice(2);
if (kind !== 'test' || !baseBench) {
  console.error(
    'usage: node tools/openbench/workload.mjs test DEV_BRANCH DEV_BENCH BASE_BRANCH BASE_BENCH [--games N]',
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
await request('/test/new/');
const side = (who, branch, bench) => ({
  [`${who}_engine`]: 'Tessera',
  [`${who}_repo`]: `${standin}/tessera/tessera`,
  [`${who}_branch`]: branch,
  [`${who}_bench`]: bench,
  [`${who}_network`]: '',
  [`${who}_options`]: 'Threads=1 Hash=16',
  [`${who}_time_control`]: opt('--tc', '10.0+0.1'),
});
const games = opt('--games', '');
const form = {
  csrfmiddlewaretoken: csrf(),
  ...side('dev', devBranch, devBench),
  ...side('base', baseBranch, baseBench),
  book_name: 'noob_3moves.epd',
  upload_pgns: 'COMPACT',
  test_mode: games ? 'GAMES' : 'SPRT',
  test_bounds: '[0.00, 10.00]',
  test_confidence: '[0.05, 0.10]',
  test_max_games: games || '20000',
  priority: '0',
  throughput: '1000',
  syzygy_wdl: 'OPTIONAL',
  workload_size: '8',
  scale_method: 'BOTH',
  scale_nps: '280000',
  syzygy_adj: 'OPTIONAL',
  win_adj: 'movecount=3 score=600',
  draw_adj: 'movenumber=34 movecount=8 score=20',
  info: `${devBranch} against ${baseBranch}`,
};
const res = await request('/test/new/', form);
const to = res.headers.get('location');
const page = await request(to ?? '/index/');
const html = await page.text();
const error = /error[^"]*"[^>]*>\s*([^<]+)</i.exec(html)?.[1]?.trim();
if (process.env.OB_DEBUG) (await import('node:fs')).writeFileSync('/tmp/ob-page.html', html);
if (to !== '/index/' || error) {
  console.error(`the server refused the test: ${error ?? `${res.status} to ${to}`}`);
  process.exit(1);
}
console.log(`test created: ${devBranch} against ${baseBranch} (${server}/index/)`);
