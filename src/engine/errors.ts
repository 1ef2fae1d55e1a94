// The core's refusals: a code a program can branch on and a sentence a person can read. The UCI host says the
// sentence as an `info string`; the API rejects with an EngineError of the same code.

export type CoreErrorCode =
  /** A FEN that is not a legal position. */
  | 'bad-fen'
  /** A move that is not legal where it stands (in the game's moves or in searchmoves). */
  | 'illegal-move'
  /** A search limit that is not a whole, non-negative number. */
  | 'bad-limits'
  /** No such option, or a value it refuses. */
  | 'bad-option'
  /** Syzygy tables given in memory of which none can be used. */
  | 'bad-tablebases';

export interface CoreError {
  code: CoreErrorCode;
  message: string;
}
