import type { ThemeVariables } from '@latch/core'
import { contrastRatio, mix, parseColor, type Rgb, toHex } from './color.ts'

/** The resolved mode a theme renders in ('system' resolved through prefers-color-scheme). */
export type ResolvedThemeMode = 'light' | 'dark'

/** Custom properties set on the themed root element. */
export type ThemeStyle = { readonly [name: `--latch-${string}`]: string }

const white: Rgb = [255, 255, 255]
const ink: Rgb = [11, 13, 18]
/** The dimmest backgrounds accent-coloured text sits on, per mode (see latch.css). */
const backgrounds: Record<ResolvedThemeMode, Rgb> = {
  light: [241, 242, 248],
  dark: [31, 34, 48],
}
/** WCAG AA for normal text. */
const textContrast = 4.5

/** White or near-black, whichever reads better on `background`. */
export function getReadableTextColor(background: Rgb): string {
  return contrastRatio(background, white) >= contrastRatio(background, ink) ? '#ffffff' : toHex(ink)
}

/**
 * The accent as text on the mode's surfaces: the accent itself when it already reaches AA,
 * else the accent darkened (light mode) or lightened (dark mode) just enough.
 */
export function getAccentTextColor(accent: Rgb, mode: ResolvedThemeMode): string {
  const toward = mode === 'light' ? ink : white
  for (let step = 0; step <= 20; step += 1) {
    const candidate = mix(accent, toward, step / 20)
    if (contrastRatio(candidate, backgrounds[mode]) >= textContrast) return toHex(candidate)
  }
  return toHex(toward)
}

/** "12" or 12 -> "12px"; other CSS lengths pass through. */
function toLength(value: string | number): string {
  return typeof value === 'number' || /^\d+(\.\d+)?$/.test(value) ? `${value}px` : value
}

/**
 * Maps the app's theme variables to Latch's CSS custom properties: `--latch-accent`,
 * `--latch-radius`, `--latch-font-family` and `--latch-z-index`, plus the accent's readable
 * text colours for the mode, so any accent keeps WCAG AA contrast.
 */
export function getThemeStyle(variables: ThemeVariables, mode: ResolvedThemeMode): ThemeStyle {
  const style: Record<`--latch-${string}`, string> = {}
  if (variables.accent) {
    style['--latch-accent'] = variables.accent
    const rgb = parseColor(variables.accent)
    if (rgb) {
      style['--latch-accent-contrast'] = getReadableTextColor(rgb)
      style['--latch-accent-text'] = getAccentTextColor(rgb, mode)
    }
  }
  if (variables.radius !== undefined && variables.radius !== '')
    style['--latch-radius'] = toLength(variables.radius)
  if (variables.fontFamily) style['--latch-font-family'] = variables.fontFamily
  if (variables.zIndex !== undefined && Number.isFinite(variables.zIndex))
    style['--latch-z-index'] = String(Math.trunc(variables.zIndex))
  return style
}

/** 'system' follows the operating system's preference. */
export function resolveThemeMode(
  mode: 'light' | 'dark' | 'system' | undefined,
  prefersDark: boolean,
): ResolvedThemeMode {
  if (mode === 'light' || mode === 'dark') return mode
  return prefersDark ? 'dark' : 'light'
}
