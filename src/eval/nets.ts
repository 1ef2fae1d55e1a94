// The networks this build carries, and installing one for the current thread.
import { Net, parseNet, setNet } from './nnue';

/** The net built into the engine, or null when this build carries none. */
export function defaultNet(): Net | null {
  return null;
}

export function installNet(net: Net | null): void {
  setNet(net);
}

export { parseNet };
