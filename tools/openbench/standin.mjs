#!/usr/bin/env node
// A stand-in for the parts of GitHub an OpenBench server and client use, served from local git repositories on
// 127.0.0.1 only, so that a loopback OpenBench instance needs no network: the REST calls the server makes for a test's
// branches and commits (`/api/repos/O/R/branches/B`, `/commits/REF`, `/compare/A...B`), the source archives it hands
// the client (`/api/repos/O/R/zipball/SHA`, `/O/R/archive/REF.zip`), and plain files (opening books).
//
//   node tools/openbench/standin.mjs --port 8010 --repo OWNER/NAME=GIT_DIR ... [--file PATH=LOCAL_FILE ...]
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';

const args = process.argv.slice(2);
let port = 8010;
const repos = new Map();
const files = new Map();
for (let i = 0; i < args.length; i += 2) {
  const [k, v] = [args[i], args[i + 1] ?? ''];
  const eq = v.indexOf('=');
  if (k === '--port') port = Number(v);
  else if (k === '--repo' && eq > 0) repos.set(v.slice(0, eq), v.slice(eq + 1));
  else if (k === '--file' && eq > 0) files.set(v.slice(0, eq).replace(/^\/+/, ''), v.slice(eq + 1));
  else {
    console.error(`standin: unknown argument ${k}`);
    process.exit(2);
  }
}

const git = (dir, ...a) => execFileSync('git', ['-C', dir, ...a], { maxBuffer: 1 << 28 });
const text = (dir, ...a) =>
  git(dir, ...a)
    .toString('utf8')
    .trim();

/** A commit as GitHub's API describes it (the fields OpenBench reads). */
function commit(dir, ref) {
  const sha = text(dir, 'rev-parse', '--verify', `${ref}^{commit}`);
  return { sha, commit: { message: text(dir, 'log', '-1', '--format=%B', sha) } };
}

function send(res, status, body, type = 'application/json') {
  const data = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(data) });
  res.end(data);
}

function route(url) {
  // OpenBench's url_join ends every address with a slash.
  const p = decodeURIComponent(url.split('?')[0]).replace(/^\/+|\/+$/g, '');
  let m = /^api\/repos\/([^/]+\/[^/]+)\/(branches|commits|compare|zipball)\/(.+)$/.exec(p);
  if (m) {
    const dir = repos.get(m[1]);
    if (!dir) return [404, { message: 'Not Found' }];
    const [, name, kind, ref] = m;
    if (kind === 'branches') return [200, { name: ref, commit: commit(dir, `refs/heads/${ref}`) }];
    if (kind === 'commits') return [200, commit(dir, ref)];
    if (kind === 'compare') {
      const [a, b] = ref.split('...');
      return [200, { ahead_by: Number(text(dir, 'rev-list', '--count', `${a}..${b}`)), behind_by: 0 }];
    }
    const sha = commit(dir, ref).sha;
    const prefix = `${name.replace('/', '-')}-${sha.slice(0, 7)}/`;
    return [200, git(dir, 'archive', '--format=zip', `--prefix=${prefix}`, sha), 'application/zip'];
  }
  m = /^([^/]+\/[^/]+)\/archive\/(.+)\.zip$/.exec(p);
  if (m && repos.has(m[1])) {
    const dir = repos.get(m[1]);
    const sha = commit(dir, m[2]).sha;
    const prefix = `${m[1].split('/')[1]}-${m[2].replace(/\//g, '-')}/`;
    return [200, git(dir, 'archive', '--format=zip', `--prefix=${prefix}`, sha), 'application/zip'];
  }
  if (files.has(p)) return [200, fs.readFileSync(files.get(p)), 'application/octet-stream'];
  return [404, { message: 'Not Found' }];
}

http
  .createServer((req, res) => {
    try {
      const [status, body, type] = route(req.url ?? '/');
      send(res, status, body, type);
    } catch (e) {
      send(res, 404, { message: `Not Found (${String(e.message).split('\n')[0].slice(0, 120)})` });
    }
  })
  .listen(port, '127.0.0.1', () => console.log(`standin at http://127.0.0.1:${port}/ (${repos.size} repositories)`));
