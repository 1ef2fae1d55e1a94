/** Input echoed back in a message is cut: a hostile or broken GUI must not get a 20,000-character line back. */
export function clip(s: string, max = 40): string {
  return s.length > max ? `${s.slice(0, max)}...` : s;
}
