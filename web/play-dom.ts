// The play panel's elements (index.html), found once, and its time-control menu filled from clock.ts's list.
import { TIME_CONTROLS } from './clock';
import type { PlayDom } from './play';

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el as T;
}

/** The default time control: a game long enough to think, short enough to finish. */
const DEFAULT_CONTROL = '3+2';

export function findPlayDom(): PlayDom {
  const control = byId<HTMLSelectElement>('time-control');
  if (control.options.length === 0) {
    for (const tc of TIME_CONTROLS) control.append(new Option(tc, tc, tc === DEFAULT_CONTROL, tc === DEFAULT_CONTROL));
    control.append(new Option('Custom…', 'custom'));
  }
  return {
    fullStrength: byId('full-strength'),
    elo: byId('elo'),
    control,
    custom: byId('custom-tc'),
    color: byId('color'),
    clocks: { area: byId('clocks'), w: byId('clock-w'), b: byId('clock-b') },
    resign: byId('resign'),
    draw: byId('offer-draw'),
    result: byId('play-result'),
    message: byId('play-message'),
  };
}
