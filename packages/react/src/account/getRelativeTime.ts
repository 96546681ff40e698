/** The spec's abbreviated relative-time units (section 9): sec, min, hr, d, mo, yr. */
export type RelativeTimeUnit = 'sec' | 'min' | 'hr' | 'd' | 'mo' | 'yr'

export type RelativeTime = { unit: RelativeTimeUnit; count: number }

const second = 1000
const minute = 60 * second
const hour = 60 * minute
const day = 24 * hour

/**
 * How long ago `then` was, in the largest whole unit: "5 min", "3 hr", "2 d", "4 mo", "1 yr"
 * (a month is 30 days, a year 365). A time in the future (clock skew) reads as 0 sec.
 */
export function getRelativeTime(then: number, now: number): RelativeTime {
  const elapsed = Math.max(0, now - then)
  if (elapsed < minute) return { unit: 'sec', count: Math.floor(elapsed / second) }
  if (elapsed < hour) return { unit: 'min', count: Math.floor(elapsed / minute) }
  if (elapsed < day) return { unit: 'hr', count: Math.floor(elapsed / hour) }
  const days = Math.floor(elapsed / day)
  if (days < 30) return { unit: 'd', count: days }
  if (days < 365) return { unit: 'mo', count: Math.floor(days / 30) }
  return { unit: 'yr', count: Math.floor(days / 365) }
}
