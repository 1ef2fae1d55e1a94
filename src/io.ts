// Unbuffered, whole-line output to stdout from any thread: a GUI must never miss a line.
import * as fs from 'node:fs';

export function send(line: string): void {
  try {
    fs.writeSync(1, line + '\n');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN') { send(line); return; } // non-blocking pipe full: retry
    process.exit(0); // EPIPE: the GUI is gone
  }
}
