// The moves panel: the tree laid out by moves-layout.ts, the node shown highlighted, a click on any move (or its
// comment) goes there. Each move is a .move span whose text is its SAN and whose data-id is the tree node's id.
import { layout, type Item } from './moves-layout';
import type { Mark } from './review';
import type { MoveNode, MoveTree } from './tree';

function el(tag: string, className: string, text = ''): HTMLElement {
  const e = document.createElement(tag);
  e.className = className;
  if (text) e.textContent = text;
  return e;
}

/** A zero-width space: where a line of moves may wrap. */
const BREAK = '\u200b';

/** The review's marks (review-panel.ts), kept apart from the game's own NAGs: shown after them, never exported. */
type Marks = ReadonlyMap<MoveNode, { mark: Mark | null }>;

function render(items: readonly Item[], current: MoveNode, into: HTMLElement, marks: Marks): void {
  for (const item of items) {
    switch (item.kind) {
      case 'move': {
        // A line may break before a move (its number, SAN and glyphs stay together), nowhere inside one.
        into.append(BREAK);
        if (item.number) into.append(el('span', 'num', item.number));
        const move = el('span', 'move', item.node.san);
        move.dataset.id = String(item.node.id);
        move.dataset.uci = item.node.uci;
        if (item.node === current) move.classList.add('current');
        into.append(move);
        if (item.glyphs) {
          const glyph = el('span', 'glyph', item.glyphs);
          glyph.dataset.id = String(item.node.id);
          into.append(glyph);
        }
        const mark = marks.get(item.node)?.mark;
        if (mark) {
          const m = el('span', 'review-mark', mark);
          m.dataset.id = String(item.node.id);
          m.dataset.mark = mark;
          m.title = mark === '??' ? 'Blunder' : mark === '?' ? 'Mistake' : 'Inaccuracy';
          into.append(m);
        }
        break;
      }
      case 'comment': {
        const c = el('span', 'comment', item.text);
        c.dataset.id = String(item.node.id);
        into.append(c);
        break;
      }
      case 'variations': {
        const block = el('div', 'variations');
        for (const line of item.lines) {
          const row = el('div', 'line');
          render(line, current, row, marks);
          block.append(row);
        }
        into.append(block);
        break;
      }
      case 'open':
        into.append(BREAK, el('span', 'paren', '('));
        break;
      case 'close':
        into.append(el('span', 'paren', ')'));
        break;
      case 'result':
        into.append(BREAK, el('span', 'result', item.text));
        break;
    }
  }
}

/** The node of a tree with this id, found by walking it (a few hundred nodes at most). */
export function findNode(tree: MoveTree, id: number): MoveNode | null {
  const stack = [tree.root];
  for (let n = stack.pop(); n; n = stack.pop()) {
    if (n.id === id) return n;
    stack.push(...n.children);
  }
  return null;
}

export interface MovesView {
  /** marks: the review's judgement of the main line's moves, by node. */
  render(tree: MoveTree, result: string, marks?: Marks): void;
}

/** onPick: a click on a move (or its comment or glyph); onMenu: a right-click or long press on one, where it was. */
export function createMovesView(
  container: HTMLElement,
  onPick: (id: number) => void,
  onMenu: (id: number, x: number, y: number) => void,
): MovesView {
  container.addEventListener('click', (e) => {
    const target = (e.target as HTMLElement).closest<HTMLElement>('[data-id]');
    if (target?.dataset.id) onPick(Number(target.dataset.id));
  });
  container.addEventListener('contextmenu', (e) => {
    const target = (e.target as HTMLElement).closest<HTMLElement>('.move[data-id]');
    if (!target?.dataset.id) return;
    e.preventDefault();
    onMenu(Number(target.dataset.id), e.clientX, e.clientY);
  });
  return {
    render(tree, result, marks = new Map()) {
      container.replaceChildren();
      render(layout(tree, result), tree.current, container, marks);
      // Keep the move shown in sight, scrolling the list only (never the page). The list is position: relative, so
      // offsetTop is measured from its top.
      const cur = container.querySelector<HTMLElement>('.move.current');
      if (!cur) container.scrollTop = 0;
      else {
        const top = cur.offsetTop;
        if (top < container.scrollTop) container.scrollTop = top - 8;
        else if (top + cur.offsetHeight > container.scrollTop + container.clientHeight)
          container.scrollTop = top + cur.offsetHeight - container.clientHeight + 8;
      }
    },
  };
}
