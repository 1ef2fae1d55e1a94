// A full garbage collection on request, in whichever thread calls it. Replaced hash tables are SharedArrayBuffers
// that every thread held: their memory goes back to the system only once each thread has collected its reference,
// and a thread that allocates little may not collect for a long time on its own.
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

let gc: (() => void) | null | undefined;

export function collectGarbage(): void {
  if (gc === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as () => void;
    } catch {
      gc = null; // not available here: the memory then comes back whenever V8 collects
    }
  }
  gc?.();
}
