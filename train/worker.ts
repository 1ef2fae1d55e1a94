// Trainer worker thread: gradients (or validation loss) over a slice of a batch, into its own buffer.
import { parentPort, workerData } from 'node:worker_threads';
import { Kernel } from './model';
import type { DataSet } from './loader';

const w = workerData as {
  data: DataSet;
  params: Float32Array;
  grad: Float32Array;
  H: number;
  B: number;
  scale: number;
};
const kernel = new Kernel(w.H, w.scale, w.B);

parentPort!.on('message', (m: { type: string; idx: Uint32Array; from: number; to: number; lambda: number }) => {
  if (m.type === 'grad') {
    w.grad.fill(0);
    const loss = kernel.gradient(w.data, w.params, w.grad, m.idx, m.from, m.to, m.lambda);
    parentPort!.postMessage({ loss });
  } else if (m.type === 'loss') {
    parentPort!.postMessage({ loss: kernel.loss(w.data, w.params, m.idx, m.from, m.to, m.lambda) });
  }
});
