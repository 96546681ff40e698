/**
 * Lets the page's pending work (a chunk's import, message handlers) run until `check` holds:
 * up to 500 turns of 1 ms timers, then fails saying so. Test-only.
 */
export async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i += 1) await new Promise((r) => setTimeout(r, 1))
  if (!check()) throw new Error('until: timed out')
}
