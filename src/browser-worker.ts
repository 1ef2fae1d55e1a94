// The entry of a search thread in a web page (a module Web Worker): its first message carries the thread's data, the
// rest are the engine's messages. Lines go back to the page by postMessage.
import { searchThread, type SearchThreadData } from './uci/thread';
import { uciReporter } from './uci/info';

// The worker global as far as used here (the project's TypeScript setting carries Node's types, not the DOM's).
declare const self: {
  postMessage(msg: unknown): void;
  onmessage: ((e: { data: { type: string } & Record<string, unknown> }) => void) | null;
};

let handler: ((msg: { type: string } & Record<string, unknown>) => void) | null = null;

self.onmessage = (e) => {
  if (handler) {
    handler(e.data);
    return;
  }
  if (e.data.type !== 'init') return;
  const data = e.data.data as SearchThreadData;
  const out = (line: string): void => self.postMessage({ type: 'line', index: data.index, line });
  searchThread(data, {
    port: {
      post: (msg) => self.postMessage(msg),
      onMessage: (cb) => {
        handler = cb;
      },
    },
    reporterFor: (go) => uciReporter(out, { showWDL: go.showWDL }),
  });
};
