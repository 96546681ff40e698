/** A day of the activity list: today, yesterday, or an earlier date (local time). */
export type DateGroupLabel =
  | { kind: 'today' }
  | { kind: 'yesterday' }
  | { kind: 'date'; date: Date }

export type DateGroup<T> = {
  /** The local day, "2026-01-15": stable across renders, for React keys. */
  key: string
  label: DateGroupLabel
  items: T[]
}

const dayKey = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

/**
 * Groups items (newest first, as the history comes) by their local day, keeping their order:
 * "Today", "Yesterday", then one group per earlier date.
 */
export function groupByDate<T>(
  items: readonly T[],
  getTime: (item: T) => number,
  now: number,
): DateGroup<T>[] {
  const today = dayKey(new Date(now))
  const yesterdayDate = new Date(now)
  yesterdayDate.setDate(yesterdayDate.getDate() - 1)
  const yesterday = dayKey(yesterdayDate)

  const groups: DateGroup<T>[] = []
  const byKey = new Map<string, DateGroup<T>>()
  for (const item of items) {
    const date = new Date(getTime(item))
    const key = dayKey(date)
    let group = byKey.get(key)
    if (!group) {
      const label: DateGroupLabel =
        key === today
          ? { kind: 'today' }
          : key === yesterday
            ? { kind: 'yesterday' }
            : { kind: 'date', date: new Date(date.getFullYear(), date.getMonth(), date.getDate()) }
      group = { key, label, items: [] }
      byKey.set(key, group)
      groups.push(group)
    }
    group.items.push(item)
  }
  return groups
}
