import { defaultLatchOptions } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { builtWalletFeatures, getWalletFeatures } from './getWalletFeatures.ts'

const allOn = { onramp: true, swaps: true, receive: true, send: true }

describe('getWalletFeatures', () => {
  it('shows only the built features, Buy, Swap, Receive and Send, in the default order (no dead buttons)', () => {
    expect(builtWalletFeatures).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(
      getWalletFeatures({
        order: defaultLatchOptions.walletFeaturesOrder,
        features: defaultLatchOptions.features,
      }),
    ).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(
      getWalletFeatures({
        order: defaultLatchOptions.walletFeaturesOrder,
        features: { ...defaultLatchOptions.features, onramp: false },
      }),
    ).toEqual(['swaps', 'receive', 'send'])
    expect(
      getWalletFeatures({
        order: ['send', 'onramp', 'receive'],
        features: { ...defaultLatchOptions.features, receive: false },
      }),
    ).toEqual(['send', 'onramp'])
  })

  it('keeps the configured order, once each, of the built features that are switched on', () => {
    const built = ['send', 'receive', 'swaps', 'onramp'] as const
    expect(
      getWalletFeatures({ order: ['onramp', 'swaps', 'receive', 'send'], features: allOn, built }),
    ).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(
      getWalletFeatures({ order: ['send', 'receive', 'send', 'onramp'], features: allOn, built }),
    ).toEqual(['send', 'receive', 'onramp'])
    expect(
      getWalletFeatures({
        order: ['onramp', 'swaps', 'receive', 'send'],
        features: { ...allOn, swaps: false },
        built: ['receive', 'swaps'],
      }),
    ).toEqual(['receive'])
  })
})

describe('getWalletFeatures in a restricted time zone', () => {
  const built = ['onramp', 'swaps', 'receive', 'send'] as const
  const order = defaultLatchOptions.walletFeaturesOrder
  const restrictedTimeZones = defaultLatchOptions.restrictedTimeZones

  it('hides on-ramp and swaps from a user in a Chinese region, and only those', () => {
    for (const timeZone of ['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Hong_Kong', 'Asia/Macau'])
      expect(
        getWalletFeatures({ order, features: allOn, built, restrictedTimeZones, timeZone }),
      ).toEqual(['receive', 'send'])
  })

  it('shows them elsewhere, and follows a configured list', () => {
    expect(
      getWalletFeatures({
        order,
        features: allOn,
        built,
        restrictedTimeZones,
        timeZone: 'Europe/Paris',
      }),
    ).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(
      getWalletFeatures({
        order,
        features: allOn,
        built,
        restrictedTimeZones: ['Europe/Paris'],
        timeZone: 'Europe/Paris',
      }),
    ).toEqual(['receive', 'send'])
    expect(
      getWalletFeatures({
        order,
        features: allOn,
        built,
        restrictedTimeZones: [],
        timeZone: 'Asia/Shanghai',
      }),
    ).toEqual(['onramp', 'swaps', 'receive', 'send'])
  })

  it("reads the browser's time zone when none is given", () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    expect(
      getWalletFeatures({ order, features: allOn, built, restrictedTimeZones: [browserZone] }),
    ).toEqual(['receive', 'send'])
  })
})
