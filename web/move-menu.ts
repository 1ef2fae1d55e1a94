// The menu a right-click (or a long press on a phone) on a move opens, as lichess's: promote its variation one place,
// make it the main line, or delete it and what follows.
import type { MoveNode, MoveTree } from './tree';

export interface MoveMenuActions {
  promote(node: MoveNode): void;
  makeMain(node: MoveNode): void;
  remove(node: MoveNode): void;
}

export interface MoveMenu {
  open(tree: MoveTree, node: MoveNode, x: number, y: number): void;
  close(): void;
}

export function createMoveMenu(actions: MoveMenuActions): MoveMenu {
  const menu = document.createElement('div');
  menu.id = 'move-menu';
  menu.setAttribute('role', 'menu');
  menu.hidden = true;
  document.body.append(menu);

  const close = (): void => {
    menu.hidden = true;
    menu.replaceChildren();
  };
  document.addEventListener('pointerdown', (e) => {
    if (!menu.hidden && !menu.contains(e.target as Node)) close();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') close();
  });

  return {
    open(tree, node, x, y) {
      close();
      const item = (label: string, enabled: boolean, run: () => void): HTMLButtonElement => {
        const b = document.createElement('button');
        b.type = 'button';
        b.setAttribute('role', 'menuitem');
        b.textContent = label;
        b.disabled = !enabled;
        b.addEventListener('click', () => {
          close();
          run();
        });
        return b;
      };
      const first = node.parent?.children[0] === node;
      menu.append(
        item('Promote variation', !first, () => actions.promote(node)),
        item('Make main line', !tree.isMainline(node), () => actions.makeMain(node)),
        item('Delete from here', true, () => actions.remove(node)),
      );
      menu.hidden = false;
      // Inside the window, however near its edge the click was.
      const r = menu.getBoundingClientRect();
      menu.style.left = `${Math.max(0, Math.min(x, innerWidth - r.width - 4))}px`;
      menu.style.top = `${Math.max(0, Math.min(y, innerHeight - r.height - 4))}px`;
    },
    close,
  };
}
