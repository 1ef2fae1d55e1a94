// The datagen side of a worker thread: plays the games the main thread hands out, one at a time.
import { parentPort } from 'node:worker_threads';
import { GamePlayer, type PlayConfig } from './play';
import { parseNet } from '../eval/netfile';

export function datagenWorker(data: { cfg: PlayConfig; netBytes: Uint8Array | null }): void {
  const net = data.netBytes ? parseNet(data.netBytes) : undefined;
  if (typeof net === 'string') throw new Error(`datagen net: ${net}`);
  const player = new GamePlayer(data.cfg, net);
  parentPort!.on('message', (msg: { type: string; index: number }) => {
    if (msg.type !== 'play') return;
    const g = player.play(msg.index);
    parentPort!.postMessage(
      { type: 'game', index: msg.index, bytes: g.bytes, positions: g.positions, result: g.result, nodes: g.nodes },
      [g.bytes.buffer as ArrayBuffer],
    );
  });
}
