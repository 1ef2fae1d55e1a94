// The keys and buttons that move through the tree, as on lichess: ← → back and forward, ↑ ↓ among sibling
// variations, Home and End, f to flip the board. Keys typed into a field stay the field's.
export type Step = 'back' | 'forward' | 'up' | 'down' | 'start' | 'end';

const KEYS: Record<string, Step> = {
  ArrowLeft: 'back',
  ArrowRight: 'forward',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'start',
  End: 'end',
};

/** The keys on the document, and the buttons under the board (#nav-start, #nav-back, …, #flip) for touch. */
export function bindKeys(navigate: (step: Step) => void, flip: () => void): void {
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if ((e.target as HTMLElement).closest?.('input, textarea, select, [contenteditable]')) return;
    const step = KEYS[e.key];
    if (step) {
      e.preventDefault();
      navigate(step);
    } else if (e.key === 'f') {
      flip();
    }
  });
  const buttons: [string, () => void][] = [
    ['nav-start', () => navigate('start')],
    ['nav-back', () => navigate('back')],
    ['nav-forward', () => navigate('forward')],
    ['nav-end', () => navigate('end')],
    ['flip', flip],
  ];
  for (const [id, run] of buttons) document.getElementById(id)?.addEventListener('click', run);
}
