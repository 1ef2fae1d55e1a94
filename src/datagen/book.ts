// Opening positions for datagen: one EPD or FEN per line (the first four fields are the position).
import * as fs from 'node:fs';
import { parseFen } from '../core/fen';

/** The playable positions of an EPD/FEN file; throws with the first bad line's number. */
export function readBookFens(file: string): string[] {
  const out: string[] = [];
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '' || line.startsWith('#')) continue;
    const f = line.split(/\s+/);
    const fen = `${f.slice(0, 4).join(' ')} 0 1`;
    const pos = parseFen(fen);
    if (typeof pos === 'string') throw new Error(`${file}:${i + 1}: ${pos}`);
    out.push(fen);
  }
  if (out.length === 0) throw new Error(`${file}: no positions`);
  return out;
}
