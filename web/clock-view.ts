// The two clocks of a game against the engine, as the player sees them: the engine's above, the player's below, the
// running one lit, tenths of a second under ten seconds. The clocks themselves are the match's (match.ts, clock.ts).
import { formatClock } from './clock';
import type { Color } from './game';
import { engineName, type Match } from './match';

export interface ClockDom {
  area: HTMLElement;
  w: HTMLElement;
  b: HTMLElement;
}

/** Redraws both clocks from the match (or blank ones when there is none). */
export function renderClocks(ui: ClockDom, match: Match | null): void {
  ui.area.hidden = !match;
  if (!match) return;
  ui.area.dataset.human = match.human;
  const running = match.end ? null : match.clock.running();
  for (const side of ['w', 'b'] as Color[]) {
    const el = ui[side];
    const ms = match.clock.remaining(side);
    const name = side === match.human ? 'You' : engineName(match.elo);
    const label = `${side === 'w' ? 'White' : 'Black'} · ${name}`;
    const time = formatClock(ms);
    el.dataset.ms = String(Math.round(ms));
    el.classList.toggle('running', running === side);
    el.classList.toggle('low', ms < 10000);
    const [labelEl, timeEl] = el.children as unknown as HTMLElement[];
    if (labelEl && labelEl.textContent !== label) labelEl.textContent = label;
    if (timeEl && timeEl.textContent !== time) timeEl.textContent = time;
  }
  if (match.lastGo) {
    const g = match.lastGo;
    ui.area.dataset.go = `wtime ${g.wtime} btime ${g.btime} winc ${g.winc} binc ${g.binc}`;
  } else delete ui.area.dataset.go;
}
