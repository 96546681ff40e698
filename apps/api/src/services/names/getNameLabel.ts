/**
 * The label of a full name under `suffix` (`alice` for `alice.latch.id`), case kept; undefined
 * when the name does not end with `.<suffix>` (compared without regard to case).
 */
export function getNameLabel(name: string, suffix: string): string | undefined {
  const ending = `.${suffix}`
  if (name.length <= ending.length || !name.toLowerCase().endsWith(ending.toLowerCase()))
    return undefined
  return name.slice(0, -ending.length)
}
