// The analysis board's game as a tree: every position reached, each move with its SAN, comment and NAGs; the first
// child of a node is its main line, the others its variations. Navigation is that of the tools people use (lichess,
// En Croissant): forward along the main line, back to the parent, up and down among sibling variations. Legality and
// SAN come from Tessera's own core (src/core). No DOM here: unit-tested under Node.
import { toFen, START_FEN } from '../src/core/fen';
import { moveToSan, moveToUci, parseMove } from '../src/core/notation';
import { MOVE_NONE } from '../src/core/types';
import { load } from './game';

export interface MoveNode {
  readonly id: number;
  readonly parent: MoveNode | null;
  /** The move that led here from the parent (empty at the root), in UCI notation and in SAN. */
  readonly uci: string;
  readonly san: string;
  /** The position after the move (the start position at the root). */
  readonly fen: string;
  /** Plies from the root. */
  readonly ply: number;
  /** children[0] continues the main line; the rest are variations, in the order they were added. */
  readonly children: MoveNode[];
  comment: string;
  /** Numeric annotation glyphs ($1 = !, $2 = ?, $3 = !!, $4 = ??, $5 = !?, $6 = ?!). */
  nags: number[];
}

export class MoveTree {
  readonly root: MoveNode;
  current: MoveNode;
  private nextId = 1;

  /** Throws an Error with the FEN parser's message when fen is not a legal position. */
  constructor(fen: string = START_FEN) {
    this.root = {
      id: 0,
      parent: null,
      uci: '',
      san: '',
      fen: toFen(load(fen)),
      ply: 0,
      children: [],
      comment: '',
      nags: [],
    };
    this.current = this.root;
  }

  /**
   * Plays a move (UCI or SAN) from the current node: an existing child with that move is entered, otherwise the move
   * becomes a new child (a new variation when the node has one already). Returns the node, or null if illegal.
   */
  play(move: string): MoveNode | null {
    const node = this.child(this.current, move);
    if (node) this.current = node;
    return node;
  }

  /** The child of node for move (UCI or SAN), added if new; null when the move is not legal there. */
  child(node: MoveNode, move: string): MoveNode | null {
    const pos = load(node.fen);
    const m = parseMove(pos, move);
    if (m === MOVE_NONE) return null;
    const uci = moveToUci(pos, m);
    const known = node.children.find((c) => c.uci === uci);
    if (known) return known;
    const san = moveToSan(pos, m);
    pos.make(m);
    const added: MoveNode = {
      id: this.nextId++,
      parent: node,
      uci,
      san,
      fen: toFen(pos),
      ply: node.ply + 1,
      children: [],
      comment: '',
      nags: [],
    };
    node.children.push(added);
    return added;
  }

  goto(node: MoveNode): void {
    this.current = node;
  }

  /** → : along the main line. False at its end. */
  forward(): boolean {
    const next = this.current.children[0];
    if (next) this.current = next;
    return next !== undefined;
  }

  /** ← : to the parent. False at the root. */
  back(): boolean {
    const p = this.current.parent;
    if (p) this.current = p;
    return p !== null;
  }

  /** Home. */
  toStart(): void {
    this.current = this.root;
  }

  /** End: the end of the line the current node is on. */
  toEnd(): void {
    while (this.forward());
  }

  /** ↓ / ↑ : to the next or previous sibling variation (by = 1 or -1). False when there is none that way. */
  sibling(by: 1 | -1): boolean {
    const p = this.current.parent;
    if (!p) return false;
    const at = p.children.indexOf(this.current) + by;
    if (at < 0 || at >= p.children.length) return false;
    this.current = p.children[at];
    return true;
  }

  /** The nodes from the root's first move to node. */
  path(node: MoveNode = this.current): MoveNode[] {
    const out: MoveNode[] = [];
    for (let n: MoveNode | null = node; n?.parent; n = n.parent) out.push(n);
    return out.reverse();
  }

  /** The moves from the start to node in UCI notation (what the engine is sent). */
  uciMoves(node: MoveNode = this.current): string[] {
    return this.path(node).map((n) => n.uci);
  }

  /** The main line from the root. */
  mainline(): MoveNode[] {
    const out: MoveNode[] = [];
    for (let n = this.root.children[0]; n; n = n.children[0]) out.push(n);
    return out;
  }

  /** Whether node is on the main line (every step a first child). */
  isMainline(node: MoveNode): boolean {
    for (let n: MoveNode | null = node; n?.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  /** Moves node's variation one place up among its siblings (to the main line from the second place). */
  promote(node: MoveNode): void {
    const p = node.parent;
    if (!p) return;
    const at = p.children.indexOf(node);
    if (at <= 0) return;
    [p.children[at - 1], p.children[at]] = [p.children[at], p.children[at - 1]];
  }

  /** Deletes node and everything after it; the current node moves to its parent if it was inside. */
  remove(node: MoveNode): void {
    const p = node.parent;
    if (!p) return;
    for (let n: MoveNode | null = this.current; n; n = n.parent) {
      if (n === node) {
        this.current = p;
        break;
      }
    }
    p.children.splice(p.children.indexOf(node), 1);
  }
}
