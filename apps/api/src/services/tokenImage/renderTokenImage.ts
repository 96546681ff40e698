import { type Address, isAddressEqual, keccak256 } from 'viem'
import { nativeTokenAddress } from '../prices/priceSource.ts'

const size = 64

export type RenderTokenImageParameters = {
  /** The token's address; the zero address draws the native coin. */
  address: Address
  /** The token's symbol, when the API knows the token; its initials go on the coin. */
  symbol?: string | undefined
}

/**
 * Draws a token's icon: a coin in a colour derived from its address (so every token keeps its
 * own), with its symbol's initials, or an Ether-like diamond for the native coin. The project
 * ships no token logos, so every icon is generated.
 */
export function renderTokenImage({ address, symbol }: RenderTokenImageParameters): string {
  const native = isAddressEqual(address, nativeTokenAddress)
  const label = escapeXml(native ? (symbol ?? 'Native coin') : (symbol ?? 'Token'))
  const background = native ? '#627EEA' : colorOf(address)
  const mark = native
    ? // Two facets above, one below: the familiar octahedron, drawn from scratch.
      [
        '<path d="M32 10 L46 33 L32 41 L18 33 Z" fill="#FFFFFF"/>',
        '<path d="M32 10 L32 41 L18 33 Z" fill="#FFFFFF" fill-opacity="0.75"/>',
        '<path d="M32 44 L46 36 L32 55 L18 36 Z" fill="#FFFFFF"/>',
        '<path d="M32 44 L32 55 L18 36 Z" fill="#FFFFFF" fill-opacity="0.75"/>',
      ].join('')
    : text(getTokenInitials(symbol))
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    `<circle cx="32" cy="32" r="32" fill="${background}"/>`,
    mark,
    '</svg>',
  ].join('')
}

/**
 * Up to three characters of a symbol: a symbol of three or fewer letters and digits whole
 * ("ETH", "PTS"), a longer one cut to its first two ("LUSD" -> "LU"); "?" without one.
 */
export function getTokenInitials(symbol: string | undefined): string {
  const letters = [...(symbol ?? '').replace(/[^\p{L}\p{N}]/gu, '').toUpperCase()]
  if (letters.length === 0) return '?'
  return letters.length <= 3 ? letters.join('') : letters.slice(0, 2).join('')
}

function text(initials: string): string {
  const fontSize = [26, 26, 24, 19][[...initials].length] ?? 19
  return `<text x="50%" y="50%" dy="0.35em" fill="#FFFFFF" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="${fontSize}" font-weight="600" text-anchor="middle">${escapeXml(initials)}</text>`
}

/** A hue from the address's hash, at a saturation and lightness white text reads well on. */
function colorOf(address: Address): string {
  const hue = Number.parseInt(keccak256(address.toLowerCase() as Address).slice(2, 6), 16) % 360
  return hslToHex(hue, 0.55, 0.4)
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12
    const value = lightness - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(0)}${channel(8)}${channel(4)}`.toUpperCase()
}

function escapeXml(value: string): string {
  return value.replace(
    /[<>&"']/g,
    (char) =>
      ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? '',
  )
}
