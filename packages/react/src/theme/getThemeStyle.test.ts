import { describe, expect, it } from 'vitest'
import { contrastRatio, parseColor } from './color.ts'
import { getThemeStyle, resolveThemeMode } from './getThemeStyle.ts'

describe('getThemeStyle', () => {
  it('maps theme variables to Latch CSS variables', () => {
    expect(
      getThemeStyle(
        { accent: '#0e7490', radius: '8px', fontFamily: 'Georgia, serif', zIndex: 50 },
        'light',
      ),
    ).toMatchInlineSnapshot(`
      {
        "--latch-accent": "#0e7490",
        "--latch-accent-contrast": "#ffffff",
        "--latch-accent-text": "#0e7490",
        "--latch-font-family": "Georgia, serif",
        "--latch-radius": "8px",
        "--latch-z-index": "50",
      }
    `)
    expect(getThemeStyle({}, 'dark')).toEqual({})
    expect(getThemeStyle({ radius: '0' }, 'dark')).toEqual({ '--latch-radius': '0px' })
  })

  it('keeps an accent that is not hex or rgb as is, without derived colours', () => {
    expect(getThemeStyle({ accent: 'oklch(60% 0.2 250)' }, 'light')).toEqual({
      '--latch-accent': 'oklch(60% 0.2 250)',
    })
  })

  it('chooses readable text on the accent and an AA accent text colour per mode', () => {
    const light = getThemeStyle({ accent: '#fde047' }, 'light')
    expect(light['--latch-accent-contrast']).toBe('#0b0d12')
    const dark = getThemeStyle({ accent: '#1e3a8a' }, 'dark')
    expect(dark['--latch-accent-contrast']).toBe('#ffffff')
    const surfaces = { light: '#f1f2f8', dark: '#1f2230' } as const
    for (const [mode, accent] of [
      ['light', '#fde047'],
      ['dark', '#1e3a8a'],
      ['light', '#4f46e5'],
    ] as const) {
      const text = getThemeStyle({ accent }, mode)['--latch-accent-text'] as string
      const ratio = contrastRatio(
        parseColor(text) ?? [0, 0, 0],
        parseColor(surfaces[mode]) ?? [0, 0, 0],
      )
      expect(ratio, `${accent} in ${mode}`).toBeGreaterThanOrEqual(4.5)
    }
  })
})

describe('resolveThemeMode', () => {
  it('follows the system only in system mode', () => {
    expect(resolveThemeMode('system', true)).toBe('dark')
    expect(resolveThemeMode('system', false)).toBe('light')
    expect(resolveThemeMode(undefined, true)).toBe('dark')
    expect(resolveThemeMode('light', true)).toBe('light')
    expect(resolveThemeMode('dark', false)).toBe('dark')
  })
})

describe('parseColor', () => {
  it('reads hex and rgb colours', () => {
    expect(parseColor('#fff')).toEqual([255, 255, 255])
    expect(parseColor(' #4F46E5 ')).toEqual([79, 70, 229])
    expect(parseColor('rgb(1 2 3)')).toEqual([1, 2, 3])
    expect(parseColor('rgba(1, 2, 3, 0.5)')).toEqual([1, 2, 3])
    expect(parseColor('red')).toBeUndefined()
    expect(parseColor('rgb(300 0 0)')).toBeUndefined()
  })
})
