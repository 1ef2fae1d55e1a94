// The API's one error type: what went wrong as a code a program can branch on, and a message a person can read.

export type EngineErrorCode =
  /** The FEN given to go or analyse is not a legal position. */
  | 'bad-fen'
  /** A move in `moves` or `searchmoves` is not legal where it stands. */
  | 'illegal-move'
  /** A search limit is not a whole, non-negative number. */
  | 'bad-limits'
  /** setOption named no such option, or gave it a value it refuses. */
  | 'bad-option'
  /** setTablebases was given no table it can use. */
  | 'bad-tablebases'
  /** The engine has quit (or quit while this was pending). */
  | 'quit';

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  constructor(code: EngineErrorCode, message: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
  }
}
