import { describe, expect, it } from 'vitest'
import { groupByDate } from './groupByDate.ts'

// Local times: the grouping follows the person's calendar, not UTC.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 0, day, hour, minute).getTime()
const now = at(15, 9, 30)

describe('groupByDate', () => {
  it('groups by local day as Today, Yesterday and earlier dates, keeping the order', () => {
    const items = [
      { id: 'a', time: at(15, 9) },
      { id: 'b', time: at(15, 0, 1) },
      { id: 'c', time: at(14, 23, 59) },
      { id: 'd', time: at(14, 0) },
      { id: 'e', time: at(10, 12) },
      { id: 'f', time: at(10, 8) },
      { id: 'g', time: new Date(2025, 11, 31, 22).getTime() },
    ]
    const groups = groupByDate(items, (item) => item.time, now)
    expect(groups.map((g) => [g.key, g.label.kind, g.items.map((i) => i.id).join('')])).toEqual([
      ['2026-01-15', 'today', 'ab'],
      ['2026-01-14', 'yesterday', 'cd'],
      ['2026-01-10', 'date', 'ef'],
      ['2025-12-31', 'date', 'g'],
    ])
    const label = groups[2]?.label
    expect(label?.kind === 'date' && label.date.getTime()).toBe(new Date(2026, 0, 10).getTime())
  })

  it('knows yesterday across a month and a year boundary', () => {
    const newYear = new Date(2026, 0, 1, 0, 5).getTime()
    const groups = groupByDate(
      [{ time: new Date(2025, 11, 31, 23).getTime() }],
      (i) => i.time,
      newYear,
    )
    expect(groups[0]?.label.kind).toBe('yesterday')
  })

  it('gives no group for no items', () => {
    expect(groupByDate([], () => 0, now)).toEqual([])
  })
})
