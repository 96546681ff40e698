import { describe, expect, it } from 'vitest'
import { defaultRestrictedTimeZones } from './createLatchOptions.ts'
import { isRestrictedTimeZone } from './isRestrictedTimeZone.ts'

describe('isRestrictedTimeZone', () => {
  it('restricts the Chinese regions of the default list, in any case', () => {
    for (const zone of ['Asia/Shanghai', 'asia/urumqi', 'ASIA/HONG_KONG', 'Asia/Macau', 'PRC'])
      expect(isRestrictedTimeZone(zone, defaultRestrictedTimeZones)).toBe(true)
  })

  it('leaves other zones, and an unknown zone, unrestricted', () => {
    for (const zone of ['Europe/Paris', 'Asia/Tokyo', 'Asia/Taipei', 'UTC', undefined, ''])
      expect(isRestrictedTimeZone(zone, defaultRestrictedTimeZones)).toBe(false)
  })

  it('follows a configured list', () => {
    expect(isRestrictedTimeZone('Europe/Paris', ['Europe/Paris'])).toBe(true)
    expect(isRestrictedTimeZone('Asia/Shanghai', [])).toBe(false)
  })
})
