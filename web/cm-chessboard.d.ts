// Types for the parts of cm-chessboard (plain ES modules, no types of their own) that the page uses.
declare module 'cm-chessboard/src/Chessboard.js' {
  export const COLOR: { white: 'w'; black: 'b' };
  export const INPUT_EVENT_TYPE: {
    moveInputStarted: 'moveInputStarted';
    movingOverSquare: 'movingOverSquare';
    validateMoveInput: 'validateMoveInput';
    moveInputCanceled: 'moveInputCanceled';
    moveInputFinished: 'moveInputFinished';
  };
  export const BORDER_TYPE: { none: 'none'; thin: 'thin'; frame: 'frame' };
  export const FEN: { start: string; empty: string };

  export interface MoveInputEvent {
    type: (typeof INPUT_EVENT_TYPE)[keyof typeof INPUT_EVENT_TYPE];
    chessboard: Chessboard;
    squareFrom: string;
    squareTo?: string;
    piece: string;
  }

  export interface ChessboardProps {
    position?: string;
    orientation?: 'w' | 'b';
    responsive?: boolean;
    assetsUrl?: string;
    style?: {
      cssClass?: string;
      showCoordinates?: boolean;
      borderType?: string;
      pieces?: { file?: string };
      animationDuration?: number;
    };
    // biome-ignore lint/suspicious/noExplicitAny: an extension's props are its own
    extensions?: { class: unknown; props?: Record<string, any> }[];
  }

  export class Chessboard {
    constructor(context: HTMLElement, props?: ChessboardProps);
    state: { moveInputProcess: Promise<unknown> };
    setPosition(fen: string, animated?: boolean): Promise<void>;
    getPosition(): string;
    setOrientation(color: 'w' | 'b', animated?: boolean): Promise<void>;
    getOrientation(): 'w' | 'b';
    enableMoveInput(handler: (event: MoveInputEvent) => boolean | undefined, color?: 'w' | 'b'): void;
    disableMoveInput(): void;
    cancelMoveInput(): void;
    isMoveInputEnabled(): boolean;
    destroy(): void;
    // From the Markers extension.
    addMarker(type: MarkerType, square: string): void;
    removeMarkers(type?: MarkerType, square?: string): void;
    // From the PromotionDialog extension.
    showPromotionDialog(
      square: string,
      color: 'w' | 'b',
      callback: (result: { type: 'pieceSelected' | 'canceled'; square?: string; piece?: string }) => void,
    ): void;
    isPromotionDialogShown(): boolean;
    // From the Arrows extension.
    addArrow(type: ArrowType, from: string, to: string): void;
    removeArrows(type?: ArrowType, from?: string, to?: string): void;
  }

  /** An arrow's style: the class its SVG group gets. */
  export interface ArrowType {
    class: string;
  }

  export interface MarkerType {
    class: string;
    slice: string;
  }
}

declare module 'cm-chessboard/src/extensions/markers/Markers.js' {
  import type { MarkerType } from 'cm-chessboard/src/Chessboard.js';
  export const MARKER_TYPE: Record<
    'frame' | 'framePrimary' | 'frameDanger' | 'circle' | 'circlePrimary' | 'circleDanger' | 'square' | 'dot' | 'bevel',
    MarkerType
  >;
  export class Markers {}
}

declare module 'cm-chessboard/src/extensions/arrows/Arrows.js' {
  import type { ArrowType } from 'cm-chessboard/src/Chessboard.js';
  export const ARROW_TYPE: Record<'default' | 'success' | 'secondary' | 'warning' | 'info' | 'danger', ArrowType>;
  export class Arrows {}
}

declare module 'cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js' {
  export const PROMOTION_DIALOG_RESULT_TYPE: { pieceSelected: 'pieceSelected'; canceled: 'canceled' };
  export class PromotionDialog {}
}
