import { describe, expect, test } from 'vitest'
import { getInitials, renderWalletImage } from './renderWalletImage.ts'

describe('getInitials', () => {
  test.each([
    ['MetaMask', 'MM'],
    ['Trust Wallet', 'T'],
    ['Ledger Live', 'LL'],
    ['OKX Wallet', 'OKX'],
    ['MEW wallet', 'MEW'],
    ['Crypto.com DeFi Wallet', 'CD'],
    ['Rainbow', 'R'],
    ['rabby', 'R'],
    ['Wallet', '?'],
  ])('%s -> %s', (name, initials) => {
    expect(getInitials(name)).toBe(initials)
  })
})

describe('renderWalletImage', () => {
  test('draws a rounded square with the initials', () => {
    expect(renderWalletImage({ name: 'MetaMask', color: '#F6851B' })).toMatchInlineSnapshot(
      `"<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="MetaMask"><title>MetaMask</title><rect width="96" height="96" rx="24" fill="#F6851B"/><text x="50%" y="50%" dy="0.35em" fill="#111111" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="38" font-weight="600" text-anchor="middle">MM</text></svg>"`,
    )
  })

  test('picks white ink on dark colors and escapes the name', () => {
    const svg = renderWalletImage({ name: 'A & <B>', color: '#000000', initials: 'AB' })
    expect(svg).toContain('fill="#FFFFFF"')
    expect(svg).toContain('aria-label="A &amp; &lt;B&gt;"')
    expect(svg).not.toContain('<B>')
  })
})
