import { useMemo } from 'react'
import { useConfig } from '../hooks/useConfig.ts'
import { useMessages } from '../hooks/useMessages.ts'
import {
  getThemeStyle,
  type ResolvedThemeMode,
  resolveThemeMode,
  type ThemeStyle,
} from './getThemeStyle.ts'
import { usePrefersDark } from './usePrefersDark.ts'

export type UseLatchThemeReturnType = {
  /** options.themeMode with 'system' resolved. */
  mode: ResolvedThemeMode
  /** CSS custom properties from options.themeVariables. */
  style: ThemeStyle
  dir: 'ltr' | 'rtl'
  /** BCP 47 code of the locale the views speak. */
  lang: string
}

/** The theme and writing direction to put on the element that holds Latch's views. */
export function useLatchTheme(): UseLatchThemeReturnType {
  const { options } = useConfig()
  const { dir, locale } = useMessages()
  const mode = resolveThemeMode(options.themeMode, usePrefersDark())
  const style = useMemo(
    () => getThemeStyle(options.themeVariables, mode),
    [options.themeVariables, mode],
  )
  return { mode, style, dir, lang: locale }
}
