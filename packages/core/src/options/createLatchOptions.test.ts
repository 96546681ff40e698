import { describe, expect, it } from 'vitest'
import { defaultLatchOptions, resolveOptions } from './createLatchOptions.ts'

describe('resolveOptions', () => {
  it('fills in the spec defaults', () => {
    const options = resolveOptions()
    expect(options).toEqual(defaultLatchOptions)
    expect(options.connectMethodsOrder).toEqual(['email', 'social', 'wallet'])
    expect(options.walletFeaturesOrder).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(options.socials).toEqual([
      'google',
      'x',
      'discord',
      'farcaster',
      'github',
      'apple',
      'facebook',
    ])
    const on = Object.entries(options.features)
      .filter(([, enabled]) => enabled)
      .map(([name]) => name)
    expect(on).toEqual([
      'swaps',
      'onramp',
      'receive',
      'send',
      'email',
      'socials',
      'history',
      'analytics',
      'allWallets',
    ])
    expect(options).toMatchObject({ allowUnsupportedChain: false, themeMode: 'system' })
    expect(options.locale).toBeUndefined()
  })

  it('overrides field by field and keeps the other defaults', () => {
    const options = resolveOptions({
      features: { swaps: false, pay: true, email: undefined },
      connectMethodsOrder: ['wallet', 'email', 'wallet'],
      themeMode: 'dark',
      themeVariables: { accent: '#0a84ff', zIndex: 90, radius: undefined },
      locale: 'ar',
      excludeWalletIds: ['a', 'a', 'b'],
    })
    expect(options.features).toMatchObject({ swaps: false, pay: true, email: true, send: true })
    expect(options.connectMethodsOrder).toEqual(['wallet', 'email'])
    expect(options.themeVariables).toEqual({ accent: '#0a84ff', zIndex: 90 })
    expect(options).toMatchObject({ themeMode: 'dark', locale: 'ar' })
    expect(options.excludeWalletIds).toEqual(['a', 'b'])
    expect(options.includeWalletIds).toBeUndefined()
  })

  it('turns socials off when the list is empty', () => {
    expect(resolveOptions({ socials: [] }).features.socials).toBe(false)
    expect(resolveOptions({ socials: ['github'] }).features.socials).toBe(true)
  })

  it('returns a new frozen object each time and never shares the caller’s arrays', () => {
    const socials: ('google' | 'x')[] = ['google']
    const a = resolveOptions({ socials })
    const b = resolveOptions()
    socials.push('x')
    expect(a.socials).toEqual(['google'])
    expect(a).not.toBe(b)
    expect(Object.isFrozen(a.features)).toBe(true)
    expect(Object.isFrozen(a.socials)).toBe(true)
    expect(() => {
      ;(a.features as { swaps: boolean }).swaps = false
    }).toThrow(TypeError)
    expect(resolveOptions().features.swaps).toBe(true)
  })
})

describe('resolveOptions currency', () => {
  it("is the person's setting: 'usd' by default, any case, and only a supported one", () => {
    expect(resolveOptions().currency).toBe('usd')
    expect(resolveOptions({ currency: 'eur' }).currency).toBe('eur')
    expect(resolveOptions({ currency: ' EUR ' as 'eur' }).currency).toBe('eur')
    expect(() => resolveOptions({ currency: 'gbp' as 'eur' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidConfigError: The app configuration is invalid.

      options.currency: "gbp" is not a supported currency (usd, eur).]
    `)
  })
})
