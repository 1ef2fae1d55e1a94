// The entry of a search thread in a web page (a module Web Worker): its first message carries the thread's data, the
// rest are the engine's messages; reports go back to the page by postMessage.
import { searchThread } from './engine/thread';
import type { SearchThreadData, ToThread } from './engine/messages';

// The worker global as far as used here (the project's TypeScript setting carries Node's types, not the DOM's).
declare const self: {
  postMessage(msg: unknown): void;
  onmessage: ((e: { data: ToThread | { type: 'init'; data: SearchThreadData } }) => void) | null;
};

let handler: ((msg: ToThread) => void) | null = null;

self.onmessage = (e) => {
  const msg = e.data;
  if (handler) {
    if (msg.type !== 'init') handler(msg);
    return;
  }
  if (msg.type !== 'init') return;
  searchThread(msg.data, {
    port: {
      post: (m) => self.postMessage(m),
      onMessage: (cb) => {
        handler = cb;
      },
    },
  });
};
