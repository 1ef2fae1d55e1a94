// Unbuffered, whole-line output to stdout from any thread: a GUI must never miss a line.
import * as fs from 'node:fs';

const pause = new Int32Array(new SharedArrayBuffer(4));

// Writes the whole buffer to fd. writeSync may take only part of a long line (a pipe holds ~64 KB) and a non-blocking
// pipe answers EAGAIN while the reader is behind: the rest is written after a short sleep, in a loop (never recursion,
// which a GUI that stops reading would turn into a stack overflow). Returns false when the reader is gone (EPIPE).
export function writeAll(fd: number, buf: Buffer, write: typeof fs.writeSync = fs.writeSync): boolean {
  let off = 0;
  let waitMs = 1;
  while (off < buf.length) {
    try {
      off += write(fd, buf, off, buf.length - off);
      waitMs = 1;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') return false;
      Atomics.wait(pause, 0, 0, waitMs); // sleeps without spinning; works on the main thread and in workers
      waitMs = Math.min(waitMs * 2, 4); // short naps: the answer must follow soon after the reader catches up
    }
  }
  return true;
}

export function send(line: string): void {
  if (!writeAll(1, Buffer.from(line + '\n'))) process.exit(0); // EPIPE: the GUI is gone
}
