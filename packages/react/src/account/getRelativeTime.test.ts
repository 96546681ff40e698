import { describe, expect, it } from 'vitest'
import { createI18n } from '../i18n/createI18n.ts'
// The account panel's chunk brings the later views' English strings (time.*).
import '../i18n/laterMessages.ts'
import { loadLocaleMessages } from '../i18n/locales.ts'
import { formatRelativeTime } from './formatRelativeTime.ts'
import { getRelativeTime } from './getRelativeTime.ts'

const now = Date.UTC(2026, 0, 15, 12)
const ago = (ms: number) => now - ms
const s = 1000
const min = 60 * s
const hr = 60 * min
const d = 24 * hr

describe('getRelativeTime', () => {
  it('picks the largest whole unit of sec, min, hr, d, mo, yr', () => {
    expect(getRelativeTime(ago(0), now)).toEqual({ unit: 'sec', count: 0 })
    expect(getRelativeTime(ago(59 * s), now)).toEqual({ unit: 'sec', count: 59 })
    expect(getRelativeTime(ago(60 * s), now)).toEqual({ unit: 'min', count: 1 })
    expect(getRelativeTime(ago(5 * min + 30 * s), now)).toEqual({ unit: 'min', count: 5 })
    expect(getRelativeTime(ago(59 * min), now)).toEqual({ unit: 'min', count: 59 })
    expect(getRelativeTime(ago(2 * hr), now)).toEqual({ unit: 'hr', count: 2 })
    expect(getRelativeTime(ago(23 * hr + 59 * min), now)).toEqual({ unit: 'hr', count: 23 })
    expect(getRelativeTime(ago(d), now)).toEqual({ unit: 'd', count: 1 })
    expect(getRelativeTime(ago(29 * d), now)).toEqual({ unit: 'd', count: 29 })
    expect(getRelativeTime(ago(30 * d), now)).toEqual({ unit: 'mo', count: 1 })
    expect(getRelativeTime(ago(364 * d), now)).toEqual({ unit: 'mo', count: 12 })
    expect(getRelativeTime(ago(365 * d), now)).toEqual({ unit: 'yr', count: 1 })
    expect(getRelativeTime(ago(3 * 365 * d), now)).toEqual({ unit: 'yr', count: 3 })
  })

  it('reads a time in the future (clock skew) as 0 sec', () => {
    expect(getRelativeTime(now + 5 * min, now)).toEqual({ unit: 'sec', count: 0 })
  })
})

describe('formatRelativeTime', () => {
  it('says "5 min ago" in English and localises the label and the number', async () => {
    await Promise.all([loadLocaleMessages('es'), loadLocaleMessages('ar')])
    const en = createI18n('en', [])
    expect(formatRelativeTime(ago(5 * min), now, en)).toBe('5 min ago')
    expect(formatRelativeTime(ago(12 * s), now, en)).toBe('12 sec ago')
    expect(formatRelativeTime(ago(3 * hr), now, en)).toBe('3 hr ago')
    expect(formatRelativeTime(ago(2 * d), now, en)).toBe('2 d ago')
    expect(formatRelativeTime(ago(65 * d), now, en)).toBe('2 mo ago')
    expect(formatRelativeTime(ago(800 * d), now, en)).toBe('2 yr ago')
    expect(formatRelativeTime(ago(5 * min), now, createI18n('es', []))).toBe('hace 5 min')
    expect(formatRelativeTime(ago(5 * min), now, createI18n('ar', []))).toBe('قبل 5 د')
  })
})
