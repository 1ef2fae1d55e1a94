// The entry of every Node worker thread: a search thread of the engine, or a datagen game player. Neither layer knows
// of the other; this file, like cli.ts, sits above both, and gives the search thread what Node has.
import { workerData, parentPort } from 'node:worker_threads';
import * as fs from 'node:fs';
import { searchThread } from './engine/thread';
import type { SearchThreadData } from './engine/messages';
import { datagenWorker } from './datagen/worker';
import { Tablebases } from './tb/syzygy';
import { collectGarbage } from './gc';

/** TESSERA_TIMELOG=FILE: one JSON line per search with the phases of the move in ms (for time-loss hunts). */
const timeLogFile = process.env.TESSERA_TIMELOG ?? '';

const data = workerData as { mode?: string };
if (data.mode === 'datagen') datagenWorker(workerData as Parameters<typeof datagenWorker>[0]);
else {
  const port = parentPort!;
  searchThread(workerData as SearchThreadData, {
    port: { post: (msg) => port.postMessage(msg), onMessage: (cb) => port.on('message', cb) },
    openTables: (path) => new Tablebases(path),
    collectGarbage,
    timeLog: timeLogFile ? (line) => fs.appendFileSync(timeLogFile, `${line}\n`) : undefined,
  });
}
