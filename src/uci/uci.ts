// The command line's UCI loop: stdin lines into a session over the engine core, its lines to stdout; quit ends the
// process.
import * as readline from 'node:readline';
import { EngineCore } from '../engine/core';
import { nodePlatform } from '../engine/node-platform';
import { UciSession } from './session';
import { send } from '../io';

export function startUci(): void {
  const session = new UciSession(new EngineCore(nodePlatform()), send, () => process.exit(0));
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  rl.on('line', (line) => session.handle(line));
  rl.on('close', () => session.endOfInput());
}
