// The moves panel: the tree laid out by moves-layout.ts, the node shown highlighted, a click on any move (or its
// comment) goes there. Each move is a .move span whose text is its SAN and whose data-id is the tree node's id.
import { layout, type Item } from './moves-layout';
import type { MoveNode, MoveTree } from './tree';

function el(tag: string, className: string, text = ''): HTMLElement {
  const e = document.createElement(tag);
  e.className = className;
  if (text) e.textContent = text;
  return e;
}

function render(items: readonly Item[], current: MoveNode, into: HTMLElement): void {
  for (const item of items) {
    switch (item.kind) {
      case 'move': {
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
          render(line, current, row);
          block.append(row);
        }
        into.append(block);
        break;
      }
      case 'open':
        into.append(el('span', 'paren', '('));
        break;
      case 'close':
        into.append(el('span', 'paren', ')'));
        break;
      case 'result':
        into.append(el('span', 'result', item.text));
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
  render(tree: MoveTree, result: string): void;
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
    render(tree, result) {
      container.replaceChildren();
      render(layout(tree, result), tree.current, container);
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
