// The scheduler on its own (src/engine/scheduler.ts): work runs in arrival order, each kind only in the phases
// WAITS_FOR allows, and reaching idle drains the queue. The engine's use of it is tested by scheduler-model.test.ts.
import { describe, expect, it } from 'vitest';
import { type Phase, Scheduler, WAITS_FOR, type WorkKind } from '../../src/engine/scheduler';

const PHASES: readonly Phase[] = ['idle', 'searching', 'stopping', 'finishing'];
const KINDS: readonly WorkKind[] = ['go', 'threads', 'task'];

/** A scheduler whose work logs its name when it runs. */
function logged(): { s: Scheduler; ran: string[]; work: (kind: WorkKind, name: string, then?: () => void) => void } {
  const s = new Scheduler();
  const ran: string[] = [];
  const work = (kind: WorkKind, name: string, then?: () => void): void =>
    s.submit({
      kind,
      run: () => {
        ran.push(name);
        then?.();
      },
    });
  return { s, ran, work };
}

describe('Scheduler', () => {
  it('starts idle and runs work at once while idle', () => {
    const { s, ran, work } = logged();
    expect(s.phase).toBe('idle');
    work('threads', 'a');
    work('task', 'b');
    expect(ran).toEqual(['a', 'b']);
    expect(s.pending).toEqual([]);
  });

  it('runs each kind only in the phases WAITS_FOR lists', () => {
    for (const kind of KINDS) {
      for (const phase of PHASES) {
        const { s, ran, work } = logged();
        s.enter(phase);
        work(kind, kind);
        expect(ran.length, `${kind} submitted while ${phase}`).toBe(WAITS_FOR[kind].includes(phase) ? 1 : 0);
      }
    }
  });

  it('queues work in arrival order and drains it on idle, not in the other phases', () => {
    const { s, ran, work } = logged();
    s.enter('searching');
    work('threads', 'hash');
    work('go', 'go');
    work('task', 'perft');
    expect(s.pending.map((w) => w.kind)).toEqual(['threads', 'go', 'task']);
    s.enter('stopping');
    s.enter('finishing');
    expect(ran).toEqual([]);
    s.enter('idle');
    expect(ran).toEqual(['hash', 'go', 'perft']);
    expect(s.pending).toEqual([]);
  });

  it('stops draining when a work leaves idle (a go starts a search), and goes on at the next idle', () => {
    const { s, ran, work } = logged();
    s.enter('searching');
    work('go', 'go 1', () => s.enter('searching'));
    work('threads', 'threads');
    work('go', 'go 2', () => s.enter('searching'));
    work('task', 'task');
    s.enter('idle');
    expect(ran).toEqual(['go 1']);
    expect(s.pending.map((w) => w.kind)).toEqual(['threads', 'go', 'task']);
    s.enter('finishing');
    s.enter('idle');
    expect(ran).toEqual(['go 1', 'threads', 'go 2']);
    s.enter('searching'); // go 2's search: no change of phase
    expect(ran).toEqual(['go 1', 'threads', 'go 2']);
    s.enter('finishing');
    s.enter('idle');
    expect(ran).toEqual(['go 1', 'threads', 'go 2', 'task']);
  });

  it('work submitted while idle waits behind queued work', () => {
    const { s, ran, work } = logged();
    s.enter('searching');
    work('go', 'queued go', () => s.enter('searching'));
    s.enter('idle'); // the go runs and starts a search
    s.enter('finishing');
    work('threads', 'later');
    expect(ran).toEqual(['queued go']);
    s.enter('idle');
    expect(ran).toEqual(['queued go', 'later']);
  });

  it('work submitted by running work runs after the work queued before it', () => {
    const { s, ran, work } = logged();
    s.enter('searching');
    work('threads', 'a', () => work('task', 'c'));
    work('threads', 'b');
    s.enter('idle');
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('a phase change inside a work does not run the queue out of order', () => {
    const { s, ran, work } = logged();
    s.enter('searching');
    // A go that answers at once (a book move) enters idle again from inside the drain.
    work('go', 'book', () => {
      s.enter('searching');
      s.enter('idle');
    });
    work('threads', 'x');
    work('task', 'y');
    s.enter('idle');
    expect(ran).toEqual(['book', 'x', 'y']);
  });

  it('reports each phase change once, with the new phase', () => {
    const { s } = logged();
    const seen: Phase[] = [];
    s.onPhase = (p) => seen.push(p);
    s.enter('idle');
    s.enter('searching');
    s.enter('searching');
    s.enter('stopping');
    s.enter('finishing');
    s.enter('idle');
    expect(seen).toEqual(['searching', 'stopping', 'finishing', 'idle']);
  });

  it('onPhase sees the new phase before the queue drains', () => {
    const { s, ran, work } = logged();
    s.enter('searching');
    work('task', 't');
    s.onPhase = (p) => ran.push(`phase ${p}`);
    s.enter('idle');
    expect(ran).toEqual(['phase idle', 't']);
  });

  it('clear drops queued work (quit)', () => {
    const { s, ran, work } = logged();
    s.enter('searching');
    work('go', 'go');
    work('threads', 'threads');
    s.clear();
    expect(s.pending).toEqual([]);
    s.enter('idle');
    expect(ran).toEqual([]);
  });

  it('a work that throws leaves the scheduler usable', () => {
    const { s, ran, work } = logged();
    s.enter('searching');
    work('task', 'boom', () => {
      throw new Error('boom');
    });
    work('task', 'after');
    expect(() => s.enter('idle')).toThrow('boom');
    expect(ran).toEqual(['boom']);
    s.drain();
    expect(ran).toEqual(['boom', 'after']);
  });
});
