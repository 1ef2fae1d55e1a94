// The browser entry of the package (`tessera-chess/browser`): the same Engine, its search in module Web Workers. The
// worker is found next to this module (import.meta.url), so a page can import() it from wherever it is served.
import { Engine as EngineBase, type EngineOptions } from './engine';
import { browserPlatform, type WebWorker } from '../engine/browser-platform';

declare const Worker: { new (url: URL | string, opts?: { type?: 'module' | 'classic' }): WebWorker };

export interface BrowserEngineOptions extends EngineOptions {
  /** Where the search worker's module is, if not beside this one (worker.js in the package's browser folder). */
  workerUrl?: URL | string;
}

export class Engine extends EngineBase {
  /** Starts an engine; resolves once it is ready to search. */
  static start(opts: BrowserEngineOptions = {}): Promise<Engine> {
    const given = opts.workerUrl;
    // Written as bundlers recognise a worker (Vite bundles it); the package's build rewrites the path to its
    // worker.js beside this module.
    const spawn = given
      ? () => new Worker(given, { type: 'module' })
      : () => new Worker(new URL('../browser-worker.ts', import.meta.url), { type: 'module' });
    return EngineBase.launch(new Engine(browserPlatform(spawn)), opts);
  }
}

export { pageSharesMemory } from '../engine/browser-platform';
export { EngineError, type EngineErrorCode } from './errors';
export type { Score, SearchInfo, BestMove } from './info';
export type { EngineOptions, GoParams, Search, Analysis, Capabilities, TablebaseInfo } from './engine';
