import type { WalletRegistryEntry } from '../registry/walletRegistryEntrySchema.ts'

const size = 96

/**
 * Draws a wallet's placeholder image: a rounded square in the entry's color with its
 * initials. The project ships no wallet logos (trademarks), so every image is generated.
 */
export function renderWalletImage(
  wallet: Pick<WalletRegistryEntry, 'name' | 'color' | 'initials'>,
): string {
  const initials = wallet.initials ?? getInitials(wallet.name)
  const fontSize = [44, 44, 38, 30][[...initials].length] ?? 30
  const ink = prefersDarkInk(wallet.color) ? '#111111' : '#FFFFFF'
  const label = escapeXml(wallet.name)
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    `<rect width="${size}" height="${size}" rx="24" fill="${wallet.color}"/>`,
    `<text x="50%" y="50%" dy="0.35em" fill="${ink}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="${fontSize}" font-weight="600" text-anchor="middle">${escapeXml(initials)}</text>`,
    '</svg>',
  ].join('')
}

/**
 * One to three letters for a name: the capitals of a camel-cased word ("MetaMask" -> "MM"),
 * an acronym as is ("OKX"), else the first letters of up to two words, "Wallet" left out.
 */
export function getInitials(name: string): string {
  const words = name
    .split(/\s+/)
    .filter((word) => word.length > 0 && !/^wallet$/i.test(word))
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word.length > 0)
  const [first, second] = words
  if (!first) return '?'
  if (second) return (initial(first) + initial(second)).toUpperCase()
  if (/^[\p{Lu}\p{N}]{2,3}$/u.test(first)) return first
  const capitals = first.match(/\p{Lu}/gu) ?? []
  if (capitals.length >= 2 && /^\p{Lu}/u.test(first)) return capitals.slice(0, 2).join('')
  return initial(first).toUpperCase()
}

function initial(word: string): string {
  return [...word][0] ?? ''
}

/** Whether dark text reads better than white on this background (WCAG relative luminance). */
function prefersDarkInk(hex: string): boolean {
  const channels = [1, 3, 5].map((offset) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  })
  const [r = 0, g = 0, b = 0] = channels
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
  // Contrast with white (1.05 / (L + 0.05)) against contrast with near-black.
  return (luminance + 0.05) / 0.056 > 1.05 / (luminance + 0.05)
}

function escapeXml(value: string): string {
  return value.replace(
    /[<>&"']/g,
    (char) =>
      ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? '',
  )
}
