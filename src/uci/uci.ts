// The command line's UCI loop: stdin lines into the engine, its lines to stdout, quit ends the process.
import * as readline from 'node:readline';
import { UciEngine } from './engine';
import { nodeHost } from './node-host';
import { send } from '../io';

export function startUci(): void {
  const engine = new UciEngine(nodeHost({ out: send, exit: () => process.exit(0), threadsToStdout: true }));
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  rl.on('line', (line) => engine.handle(line));
  rl.on('close', () => engine.endOfInput());
}
