/** An sRGB colour with channels 0-255. */
export type Rgb = readonly [number, number, number]

/** Reads `#rgb`, `#rrggbb` and `rgb(r g b)` / `rgb(r, g, b)`; other CSS colours give undefined. */
export function parseColor(value: string): Rgb | undefined {
  const text = value.trim().toLowerCase()
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text)?.[1]
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})\s*(?:[,/][^)]*)?\)$/.exec(text)
  if (rgb) {
    const channels = rgb.slice(1, 4).map(Number)
    if (channels.every((c) => c <= 255)) return channels as unknown as Rgb
  }
  return undefined
}

/** `#rrggbb`. */
export function toHex(color: Rgb): string {
  return `#${color.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
}

/** WCAG 2 relative luminance. */
export function luminance(color: Rgb): number {
  const [r, g, b] = color.map((c) => {
    const s = c / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** Mixes `color` toward `target` by `amount` (0-1) in sRGB. */
export function mix(color: Rgb, target: Rgb, amount: number): Rgb {
  return color.map((c, i) => c + ((target[i] as number) - c) * amount) as unknown as Rgb
}
