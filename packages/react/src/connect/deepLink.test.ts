import { describe, expect, it } from 'vitest'
import { buildDeepLink, getWalletOpenLinks } from './deepLink.ts'

const uri = 'wc:abc@2?relay-protocol=irn&symKey=k'
const encoded = encodeURIComponent(uri)

describe('buildDeepLink', () => {
  it('turns a native scheme into scheme://wc?uri=…', () => {
    expect(buildDeepLink('rainbow://', uri)).toBe(`rainbow://wc?uri=${encoded}`)
    expect(buildDeepLink('rainbow:', uri)).toBe(`rainbow://wc?uri=${encoded}`)
    expect(buildDeepLink('rainbow', uri)).toBe(`rainbow://wc?uri=${encoded}`)
    expect(buildDeepLink('cbwallet://wsegue', uri)).toBe(`cbwallet://wsegue/wc?uri=${encoded}`)
  })

  it('appends /wc?uri=… to a universal link, with or without a trailing slash', () => {
    expect(buildDeepLink('https://link.trustwallet.com', uri)).toBe(
      `https://link.trustwallet.com/wc?uri=${encoded}`,
    )
    expect(buildDeepLink('https://metamask.app.link/', uri)).toBe(
      `https://metamask.app.link/wc?uri=${encoded}`,
    )
  })

  it('encodes the pairing URI completely', () => {
    expect(buildDeepLink('x://', uri)).toMatchInlineSnapshot(
      `"x://wc?uri=wc%3Aabc%402%3Frelay-protocol%3Dirn%26symKey%3Dk"`,
    )
  })
})

describe('getWalletOpenLinks', () => {
  const links = {
    mobile_link: 'rainbow://',
    desktop_link: 'rainbow-desktop://',
    webapp_link: 'https://app.rainbow.me',
  }

  it('offers the mobile link on a phone and the desktop link on a desktop', () => {
    expect(getWalletOpenLinks(links, uri, true)).toEqual({
      app: `rainbow://wc?uri=${encoded}`,
      webapp: `https://app.rainbow.me/wc?uri=${encoded}`,
    })
    expect(getWalletOpenLinks(links, uri, false).app).toBe(`rainbow-desktop://wc?uri=${encoded}`)
  })

  it('offers nothing it has no link for, nor before the pairing URI exists', () => {
    expect(getWalletOpenLinks({ mobile_link: 'x://' }, uri, false)).toEqual({
      app: undefined,
      webapp: undefined,
    })
    expect(getWalletOpenLinks(links, undefined, true)).toEqual({
      app: undefined,
      webapp: undefined,
    })
  })
})
