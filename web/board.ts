// The board: cm-chessboard with its markers (last move, legal targets), arrows (the engine's moves) and promotion
// dialog. It shows a position and reports the moves the player makes; which moves are legal comes from the Game the
// caller hands in (Tessera's core), never from the board.
import 'cm-chessboard/assets/chessboard.css';
import 'cm-chessboard/assets/extensions/markers/markers.css';
import 'cm-chessboard/assets/extensions/arrows/arrows.css';
import 'cm-chessboard/assets/extensions/promotion-dialog/promotion-dialog.css';
import piecesUrl from 'cm-chessboard/assets/pieces/staunty.svg?url';
import markersUrl from 'cm-chessboard/assets/extensions/markers/markers.svg?url';
import arrowsUrl from 'cm-chessboard/assets/extensions/arrows/arrows.svg?url';
import { Chessboard, COLOR, INPUT_EVENT_TYPE, type MoveInputEvent } from 'cm-chessboard/src/Chessboard.js';
import { Markers, MARKER_TYPE } from 'cm-chessboard/src/extensions/markers/Markers.js';
import { Arrows } from 'cm-chessboard/src/extensions/arrows/Arrows.js';
import { PromotionDialog } from 'cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js';
import type { Game } from './game';

/** Arrow styles (style.css): the engine's best move, its other lines, and a previewed line. */
export const ARROW = {
  best: { class: 'arrow-best' },
  other: { class: 'arrow-other' },
  preview: { class: 'arrow-preview' },
  previewReply: { class: 'arrow-preview-reply' },
  /** The opponent's threat (threat mode). */
  threat: { class: 'arrow-threat' },
  /** The review's best move at a marked move (review-panel.ts). */
  review: { class: 'arrow-review' },
} as const;
export type ArrowKind = keyof typeof ARROW;
export interface BoardArrow {
  kind: ArrowKind;
  /** A move in UCI notation; the arrow goes from its first square to its second. */
  uci: string;
}

export interface BoardView {
  /** Shows the game's current position, its last move marked. */
  show(game: Game, lastMove: string, animated: boolean): void;
  /** Takes moves from the side to move in game, or (null) none. */
  allowMoves(game: Game | null): void;
  /** The arrows of one layer ('engine': the analysis; 'review': the review's best move), drawn over the others'. */
  setArrows(arrows: readonly BoardArrow[], layer?: 'engine' | 'review'): void;
  setOrientation(color: 'w' | 'b'): Promise<void>;
  flip(): Promise<void>;
}

/** A move (UCI) the player made on the board; the board has drawn it, and is redrawn from the game when it is not taken. */
export function createBoard(el: HTMLElement, onMove: (uci: string) => void): BoardView {
  const board = new Chessboard(el, {
    style: { cssClass: 'default', showCoordinates: true, pieces: { file: piecesUrl }, animationDuration: 200 },
    extensions: [
      { class: Markers, props: { sprite: markersUrl, autoMarkers: MARKER_TYPE.frame } },
      { class: Arrows, props: { sprite: arrowsUrl } },
      { class: PromotionDialog },
    ],
  });
  let game: Game | null = null;
  let arrowKey = '';
  const layers = new Map<string, readonly BoardArrow[]>();
  let turning: Promise<void> = Promise.resolve();

  function onInput(event: MoveInputEvent): boolean | undefined {
    switch (event.type) {
      case INPUT_EVENT_TYPE.moveInputStarted: {
        const to = game && !game.end() ? game.destinations(event.squareFrom) : [];
        for (const sq of to) board.addMarker(MARKER_TYPE.dot, sq);
        return to.length > 0;
      }
      case INPUT_EVENT_TYPE.validateMoveInput: {
        board.removeMarkers(MARKER_TYPE.dot);
        const g = game;
        const from = event.squareFrom,
          to = event.squareTo ?? '';
        if (!g?.destinations(from).includes(to)) return false;
        if (g.isPromotion(from, to)) {
          board.showPromotionDialog(to, g.turn(), (result) => {
            if (result.type === 'pieceSelected' && result.piece) onMove(from + to + result.piece.charAt(1));
            else void board.setPosition(g.fen(), false);
          });
          return true;
        }
        // The board finishes its own move first; then it takes the position from the game (castling, en passant).
        void board.state.moveInputProcess.then(() => onMove(from + to));
        return true;
      }
      case INPUT_EVENT_TYPE.moveInputCanceled:
      case INPUT_EVENT_TYPE.moveInputFinished:
        board.removeMarkers(MARKER_TYPE.dot);
        return undefined;
      default:
        return undefined;
    }
  }

  return {
    show(g, lastMove, animated) {
      void board.setPosition(g.fen(), animated);
      board.removeMarkers(MARKER_TYPE.square);
      if (lastMove) {
        board.addMarker(MARKER_TYPE.square, lastMove.slice(0, 2));
        board.addMarker(MARKER_TYPE.square, lastMove.slice(2, 4));
      }
    },
    allowMoves(g) {
      game = g;
      board.disableMoveInput();
      if (g && !g.end()) board.enableMoveInput(onInput, g.turn() === 'w' ? COLOR.white : COLOR.black);
    },
    setArrows(arrows, layer = 'engine') {
      layers.set(layer, arrows);
      const all = [...layers.values()].flat();
      // Search reports come many times a second: redraw only when the arrows differ.
      const key = all.map((a) => `${a.kind}:${a.uci}`).join(' ');
      if (key === arrowKey) return;
      arrowKey = key;
      board.removeArrows();
      for (const a of all) board.addArrow(ARROW[a.kind], a.uci.slice(0, 2), a.uci.slice(2, 4));
    },
    setOrientation(color) {
      // cm-chessboard takes one turn of the board at a time.
      turning = turning.then(() => (board.getOrientation() === color ? undefined : board.setOrientation(color, true)));
      return turning;
    },
    flip() {
      turning = turning.then(() => board.setOrientation(board.getOrientation() === 'w' ? 'b' : 'w', true));
      return turning;
    },
  };
}
