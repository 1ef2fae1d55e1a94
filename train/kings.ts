// King-bucket layouts the trainer can give a net (written into the net file's king map, so the engine needs no
// list of them). A map has 64 entries by the perspective's own king square (a1 = 0 from that side): the bucket,
// | KMAP_MIRROR where that side's board is mirrored a<->h (king on the e-h files).
import { KMAP_MIRROR } from '../src/eval/nnue';

export interface KingLayout { kbuckets: number; kmap: Uint8Array }

function build(bucketOf: (file: number, rank: number) => number): KingLayout {
  const kmap = new Uint8Array(64);
  let k = 0;
  for (let sq = 0; sq < 64; sq++) {
    const file = sq & 7, rank = sq >> 3, mirror = file >= 4;
    const b = bucketOf(mirror ? 7 - file : file, rank);
    kmap[sq] = b | (mirror ? KMAP_MIRROR : 0);
    k = Math.max(k, b + 1);
  }
  return { kbuckets: k, kmap };
}

/**
 * none: no king buckets (arch 1 and 2). mirror: one bucket, boards mirrored so that the king is always on the a-d
 * files. k4: mirrored, four buckets: castled or corner king on the first rank (a-c files after mirroring), king at
 * home (d/e file, first rank), second rank, further up (the endgame king).
 */
export const KING_LAYOUTS: Record<string, KingLayout | null> = {
  none: null,
  mirror: build(() => 0),
  k4: build((file, rank) => (rank === 0 ? (file < 3 ? 0 : 1) : rank === 1 ? 2 : 3)),
};
