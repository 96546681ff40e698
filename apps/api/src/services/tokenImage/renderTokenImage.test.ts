import { describe, expect, test } from 'vitest'
import { getTokenInitials, renderTokenImage } from './renderTokenImage.ts'

const alpha = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707'
const beta = '0x0165878A594ca255338adfa4d48449f69242Eb8F'

describe('renderTokenImage', () => {
  test('draws the symbol initials on a colour derived from the address', () => {
    const svg = renderTokenImage({ address: alpha, symbol: 'ALPHA' })
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* role="img" aria-label="ALPHA">/,
    )
    expect(svg).toContain('>AL</text>')
    const fill = (image: string) => image.match(/<circle [^>]*fill="(#[0-9A-F]{6})"/)?.[1]
    expect(fill(svg)).toBeDefined()
    // The colour follows the address, whatever its case, and differs between tokens.
    expect(fill(renderTokenImage({ address: alpha.toLowerCase() as typeof alpha }))).toBe(fill(svg))
    expect(fill(renderTokenImage({ address: beta, symbol: 'ALPHA' }))).not.toBe(fill(svg))
  })

  test('the native coin gets an Ether-like glyph, not letters', () => {
    const svg = renderTokenImage({
      address: '0x0000000000000000000000000000000000000000',
      symbol: 'ETH',
    })
    expect(svg).toContain('aria-label="ETH"')
    expect(svg).not.toContain('<text')
    expect(svg.match(/<path /g)).toHaveLength(4)
  })

  test('symbols are escaped', () => {
    const svg = renderTokenImage({ address: alpha, symbol: '<b>"&' })
    expect(svg).not.toContain('<b>')
    expect(svg).toContain('aria-label="&lt;b&gt;&quot;&amp;"')
  })
})

test('getTokenInitials', () => {
  expect(
    ['ETH', 'PTS', 'LUSD', 'WETH', 'alpha', 'X', 'USD₮0', '', undefined].map(getTokenInitials),
  ).toMatchInlineSnapshot(`
      [
        "ETH",
        "PTS",
        "LU",
        "WE",
        "AL",
        "X",
        "US",
        "?",
        "?",
      ]
    `)
})
