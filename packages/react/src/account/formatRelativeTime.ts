import type { LatchI18n } from '../context.ts'
import type { MessageKey } from '../i18n/en.ts'
import { getRelativeTime, type RelativeTimeUnit } from './getRelativeTime.ts'
import { toIntlLocale } from './toIntlLocale.ts'

const keys: Readonly<Record<RelativeTimeUnit, MessageKey>> = {
  sec: 'time.secondsAgo',
  min: 'time.minutesAgo',
  hr: 'time.hoursAgo',
  d: 'time.daysAgo',
  mo: 'time.monthsAgo',
  yr: 'time.yearsAgo',
}

/** "5 min ago" (English), "hace 5 min" (Spanish): the spec's abbreviated relative time. */
export function formatRelativeTime(
  then: number,
  now: number,
  i18n: Pick<LatchI18n, 't' | 'locale'>,
): string {
  const { unit, count } = getRelativeTime(then, now)
  return i18n.t(keys[unit], { count: count.toLocaleString(toIntlLocale(i18n.locale)) })
}
