// The opening's name over the move list: "ECO Name" of the node shown, the last named position on its path from the
// root (openings.ts), empty when the game did not start from the standard position. The tables (web/openings/*.tsv,
// about 400 kB) are loaded on first use, with Vite's ?raw imports in a chunk of their own.
import { START_FEN } from '../src/core/fen';
import { nameOpening, type Opening } from './openings';
import type { MoveNode, MoveTree } from './tree';

export interface OpeningView {
  /** Names the node shown (once the tables are in; until then, and after a failure, nothing). */
  show(tree: MoveTree, node: MoveNode): void;
}

async function loadBook(): Promise<ReadonlyMap<string, Opening>> {
  const [{ parseOpenings }, ...tables] = await Promise.all([
    import('./openings'),
    import('./openings/a.tsv?raw'),
    import('./openings/b.tsv?raw'),
    import('./openings/c.tsv?raw'),
    import('./openings/d.tsv?raw'),
    import('./openings/e.tsv?raw'),
  ]);
  return parseOpenings(...tables.map((t) => t.default));
}

export function createOpeningView(el: HTMLElement): OpeningView {
  /** The tables once loaded (or loading), and the node to name when they arrive. */
  const book: { map: ReadonlyMap<string, Opening> | null; loading: boolean; want: [MoveTree, MoveNode] | null } = {
    map: null,
    loading: false,
    want: null,
  };

  function name(tree: MoveTree, node: MoveNode): void {
    const map = book.map;
    const hit =
      map && tree.root.fen === START_FEN
        ? nameOpening(
            map,
            tree.path(node).map((n) => n.fen),
          )
        : null;
    const text = hit ? `${hit.eco} ${hit.name}` : '';
    if (el.textContent !== text) el.textContent = text;
  }

  return {
    show(tree, node) {
      if (tree.root.fen !== START_FEN) {
        el.textContent = '';
        return;
      }
      if (book.map) return name(tree, node);
      book.want = [tree, node];
      if (book.loading) return;
      book.loading = true;
      loadBook().then(
        (map) => {
          book.map = map;
          if (book.want) name(...book.want);
        },
        (err: unknown) => console.warn('opening names not loaded:', err),
      );
    },
  };
}
