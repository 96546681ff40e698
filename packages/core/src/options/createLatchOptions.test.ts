import { describe, expect, it } from 'vitest'
import { InvalidConfigError } from '../errors/config.ts'
import { defaultLatchOptions, resolveOptions, unbuiltFeatures } from './createLatchOptions.ts'

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
    expect(options.restrictedTimeZones).toContain('Asia/Shanghai')
    expect(options.termsConditionsUrl).toBeUndefined()
    expect(options).toMatchObject({ allowUnsupportedChain: false, themeMode: 'system' })
    expect(options.locale).toBeUndefined()
  })

  it('overrides field by field and keeps the other defaults', () => {
    const options = resolveOptions({
      features: { swaps: false, collapseWallets: true, receive: false, email: undefined },
      connectMethodsOrder: ['wallet', 'email', 'wallet'],
      themeMode: 'dark',
      themeVariables: { accent: '#0a84ff', zIndex: 90, radius: undefined },
      locale: 'ar',
      excludeWalletIds: ['a', 'a', 'b'],
    })
    expect(options.features).toMatchObject({
      swaps: false,
      collapseWallets: true,
      receive: false,
      email: true,
      send: true,
    })
    expect(options.connectMethodsOrder).toEqual(['wallet', 'email'])
    expect(options.themeVariables).toEqual({ accent: '#0a84ff', zIndex: 90 })
    expect(options).toMatchObject({ themeMode: 'dark', locale: 'ar' })
    expect(options.excludeWalletIds).toEqual(['a', 'b'])
    expect(options.includeWalletIds).toBeUndefined()
  })

  it('turns socials off with an empty provider list, and on by default with one', () => {
    expect(resolveOptions({ socials: [] }).features.socials).toBe(false)
    expect(resolveOptions({ socials: ['github'] }).socials).toEqual(['github'])
    expect(resolveOptions({ socials: ['github'] }).features.socials).toBe(true)
    expect(
      resolveOptions({ socials: ['github'], features: { socials: false } }).features.socials,
    ).toBe(false)
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
      ;(a.features as { send: boolean }).send = false
    }).toThrow(TypeError)
    expect(resolveOptions().features.send).toBe(true)
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

describe('resolveOptions refuses what this build does not have', () => {
  it.each([
    ['smartSessions', 'smart sessions'],
    ['pay', 'pay'],
  ] as const)('features.%s on fails with a clear message', (feature, label) => {
    expect(() => resolveOptions({ features: { [feature]: true } })).toThrow(InvalidConfigError)
    try {
      resolveOptions({ features: { [feature]: true } })
    } catch (error) {
      expect((error as InvalidConfigError).issues).toEqual([
        `options.features.${feature}: this build of Latch has no ${label} yet; leave it off.`,
      ])
    }
    // Off is accepted, and is what the defaults say.
    expect(resolveOptions({ features: { [feature]: false } }).features[feature]).toBe(false)
    expect(unbuiltFeatures).toContain(feature)
  })

  it('lists every problem at once', () => {
    let issues: readonly string[] = []
    try {
      resolveOptions({
        features: { pay: true, legalCheckbox: true },
        connectMethodsOrder: ['wallet', 'phone' as 'wallet'],
        walletFeaturesOrder: ['bridge' as 'send'],
        termsConditionsUrl: 'javascript:alert(1)',
        restrictedTimeZones: ['Asia/Shanghai', 'not a zone'],
      })
    } catch (error) {
      issues = (error as InvalidConfigError).issues
    }
    expect(issues).toEqual([
      'options.features.pay: this build of Latch has no pay yet; leave it off.',
      'options.connectMethodsOrder: "phone" is not one of email, social, wallet.',
      'options.walletFeaturesOrder: "bridge" is not one of onramp, swaps, receive, send.',
      'options.termsConditionsUrl: expected an http(s) URL.',
      'options.features.legalCheckbox: needs termsConditionsUrl or privacyPolicyUrl to link to.',
      'options.restrictedTimeZones: "not a zone" is not an IANA time zone name.',
    ])
  })
})

describe('resolveOptions legal checkbox, orders and time zones', () => {
  it('takes the legal checkbox with its links', () => {
    const options = resolveOptions({
      features: { legalCheckbox: true },
      termsConditionsUrl: ' https://example.org/terms ',
      privacyPolicyUrl: 'https://example.org/privacy',
    })
    expect(options.features.legalCheckbox).toBe(true)
    expect(options.termsConditionsUrl).toBe('https://example.org/terms')
    expect(options.privacyPolicyUrl).toBe('https://example.org/privacy')
    expect(
      resolveOptions({ features: { legalCheckbox: true }, privacyPolicyUrl: 'https://p.example' })
        .termsConditionsUrl,
    ).toBeUndefined()
  })

  it('keeps configured orders, de-duplicated', () => {
    const options = resolveOptions({
      connectMethodsOrder: ['wallet', 'social', 'wallet'],
      walletFeaturesOrder: ['send', 'receive', 'send'],
    })
    expect(options.connectMethodsOrder).toEqual(['wallet', 'social'])
    expect(options.walletFeaturesOrder).toEqual(['send', 'receive'])
  })

  it('replaces the restricted time zones; an empty list restricts none', () => {
    expect(resolveOptions({ restrictedTimeZones: ['Europe/Paris'] }).restrictedTimeZones).toEqual([
      'Europe/Paris',
    ])
    expect(resolveOptions({ restrictedTimeZones: [] }).restrictedTimeZones).toEqual([])
  })
})
