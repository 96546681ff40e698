import { keccak256, toHex } from 'viem'
import type { ListedImage } from './loadListedImages.ts'

const size = 64

/** The shapes an entry of the image list may draw, all drawn here from scratch. */
const marks: Record<NonNullable<ListedImage['mark']>, string> = {
  diamond: [
    '<path d="M32 10 L46 33 L32 41 L18 33 Z" fill="#FFFFFF"/>',
    '<path d="M32 10 L32 41 L18 33 Z" fill="#FFFFFF" fill-opacity="0.75"/>',
    '<path d="M32 44 L46 36 L32 55 L18 36 Z" fill="#FFFFFF"/>',
    '<path d="M32 44 L32 55 L18 36 Z" fill="#FFFFFF" fill-opacity="0.75"/>',
  ].join(''),
  ring: '<circle cx="32" cy="32" r="15" fill="none" stroke="#FFFFFF" stroke-width="7"/>',
  hexagon:
    '<path d="M32 14 L47.6 23 L47.6 41 L32 50 L16.4 41 L16.4 23 Z" fill="none" stroke="#FFFFFF" stroke-width="5" stroke-linejoin="round"/>',
  // A latch: a shackle over a body.
  latch: [
    '<path d="M23 30 V24 a9 9 0 0 1 18 0 V30" fill="none" stroke="#FFFFFF" stroke-width="5"/>',
    '<rect x="18" y="30" width="28" height="20" rx="4" fill="#FFFFFF"/>',
  ].join(''),
}

/**
 * Draws an image: an entry of the repo's list (`assets.json`), or, for an id the list lacks, a
 * generated one (a disc in a colour derived from the id, with `fallbackText`).
 */
export function renderListedImage({
  id,
  image,
  fallbackText,
}: {
  id: string
  image?: ListedImage | undefined
  fallbackText: string
}): string {
  const label = escapeXml(image?.label ?? fallbackText)
  const color = image?.color ?? colorOf(id)
  const body = image?.mark ? marks[image.mark] : text(image?.text ?? fallbackText)
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    `<circle cx="32" cy="32" r="32" fill="${color}"/>`,
    body,
    '</svg>',
  ].join('')
}

function text(value: string): string {
  const length = [...value].length
  const fontSize = length <= 1 ? 30 : length === 2 ? 24 : length === 3 ? 19 : 15
  return `<text x="50%" y="50%" dy="0.35em" fill="#FFFFFF" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="${fontSize}" font-weight="600" text-anchor="middle">${escapeXml(value)}</text>`
}

/** A hue from the id's hash, dark enough for white text. */
function colorOf(id: string): string {
  const hue = Number.parseInt(keccak256(toHex(id)).slice(2, 6), 16) % 360
  const chroma = (1 - Math.abs(2 * 0.4 - 1)) * 0.55
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12
    const value = 0.4 - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1))
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
