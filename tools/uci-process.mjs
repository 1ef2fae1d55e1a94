// A UCI engine process for the bench, tools and fixture scripts: send a command, wait for a line, read what came
// before it. One waiter at a time, which is how these scripts talk (command, then its answer).
import { spawn } from 'node:child_process';

/**
 * Starts `command` (its stderr shown). send(line) writes one command; until(done) resolves with every line read from
 * now up to and including the first for which done(line) holds.
 */
export function startUci(command, args = []) {
  const proc = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  let buf = '',
    waiter = null;
  proc.stdout.on('data', (d) => {
    buf += d;
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      waiter?.(line);
    }
  });
  const send = (line) => proc.stdin.write(`${line}\n`);
  const until = (done) =>
    new Promise((resolve) => {
      const lines = [];
      waiter = (l) => {
        lines.push(l);
        if (done(l)) {
          waiter = null;
          resolve(lines);
        }
      };
    });
  return { proc, send, until };
}
