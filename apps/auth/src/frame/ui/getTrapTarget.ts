/**
 * Where Tab (or Shift+Tab) must send focus to keep it inside a dialog: the first element
 * after the last, the last before the first, the first (or last) when focus is elsewhere.
 * `undefined` when the browser's own move stays inside.
 */
export function getTrapTarget<item>(
  focusables: readonly item[],
  current: item | null | undefined,
  backwards: boolean,
): item | undefined {
  if (focusables.length === 0) return undefined
  const first = focusables[0]
  const last = focusables[focusables.length - 1]
  const index = current == null ? -1 : focusables.indexOf(current)
  if (index === -1) return backwards ? last : first
  if (backwards && index === 0) return last
  if (!backwards && index === focusables.length - 1) return first
  return undefined
}
