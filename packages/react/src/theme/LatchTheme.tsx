import type { CSSProperties, ReactNode } from 'react'
import { useLatchTheme } from './useLatchTheme.ts'

export type ThemeRootProps = {
  mode: 'light' | 'dark'
  style: CSSProperties
  dir: 'ltr' | 'rtl'
  lang: string
  className?: string | undefined
  children: ReactNode
}

/** The element carrying a theme (data-latch-theme, CSS variables) and the locale's direction. */
export function ThemeRoot(props: ThemeRootProps) {
  return (
    <div
      className={props.className}
      data-latch-theme={props.mode}
      dir={props.dir}
      lang={props.lang}
      style={props.style}
    >
      {props.children}
    </div>
  )
}

export type LatchThemeProps = {
  className?: string | undefined
  /** Everything Latch renders, the connect modal and toasts included, goes inside. */
  children: ReactNode
}

/**
 * Applies options.themeMode / themeVariables and the locale's direction (`dir="rtl"` for
 * Arabic) to its children; the modal dialog, rendered inside, inherits both.
 */
export function LatchTheme(props: LatchThemeProps) {
  const theme = useLatchTheme()
  return (
    <ThemeRoot
      className={props.className}
      mode={theme.mode}
      style={theme.style as CSSProperties}
      dir={theme.dir}
      lang={theme.lang}
    >
      {props.children}
    </ThemeRoot>
  )
}
