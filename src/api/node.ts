// The Node.js entry of the package (`tessera-chess`): the Engine with its search in worker_threads, sharing memory.
import { Engine as EngineBase, type EngineOptions } from './engine';
import { nodePlatform } from '../engine/node-platform';

export class Engine extends EngineBase {
  /** Starts an engine; resolves once it is ready to search. */
  static start(opts: EngineOptions = {}): Promise<Engine> {
    return EngineBase.launch(new Engine(nodePlatform()), opts);
  }
}

export { EngineError, type EngineErrorCode } from './errors';
export type { Score, SearchInfo, BestMove } from './info';
export type { EngineOptions, GoParams, Search, Analysis, Capabilities, TablebaseInfo } from './engine';
