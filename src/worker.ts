// The entry of every Node worker thread: a search thread of the UCI engine, or a datagen game player. Neither layer
// knows of the other; this file, like cli.ts, sits above both, and gives the search thread what Node has.
import { workerData, parentPort } from 'node:worker_threads';
import * as fs from 'node:fs';
import { searchThread, type SearchThreadData } from './uci/thread';
import { datagenWorker } from './datagen/worker';
import { uciReporter } from './uci/info';
import { Tablebases } from './tb/syzygy';
import { collectGarbage } from './gc';
import { send } from './io';

/** TESSERA_TIMELOG=FILE: one JSON line per search with the phases of the move in ms (for time-loss hunts). */
const timeLogFile = process.env.TESSERA_TIMELOG ?? '';

const data = workerData as { mode?: string };
if (data.mode === 'datagen') datagenWorker(workerData as Parameters<typeof datagenWorker>[0]);
else {
  const thread = workerData as SearchThreadData;
  const port = parentPort!;
  // The command line's thread writes to stdout itself; an API engine's lines go to its Engine object.
  const out = thread.stdout ? send : (line: string) => port.postMessage({ type: 'line', index: thread.index, line });
  searchThread(thread, {
    port: { post: (msg) => port.postMessage(msg), onMessage: (cb) => port.on('message', cb) },
    reporterFor: (go) => uciReporter(out, { showWDL: go.showWDL }),
    openTables: (path) => new Tablebases(path),
    collectGarbage,
    timeLog: timeLogFile ? (line) => fs.appendFileSync(timeLogFile, `${line}\n`) : undefined,
  });
}
