// The entry of every worker thread: a search thread of the UCI engine, or a datagen game player. Neither layer knows
// of the other; this file, like cli.ts, sits above both.
import { workerData } from 'node:worker_threads';
import { searchThread, type SearchThreadData } from './uci/thread';
import { datagenWorker } from './datagen/worker';
import { uciReporter } from './uci/info';
import { send } from './io';

const data = workerData as { mode?: string };
if (data.mode === 'datagen') datagenWorker(workerData as Parameters<typeof datagenWorker>[0]);
else searchThread(workerData as SearchThreadData, (go) => uciReporter(send, { showWDL: go.showWDL }));
