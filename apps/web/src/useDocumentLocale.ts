import { useLatchTheme } from '@latch/react'
import { useEffect } from 'react'

/**
 * Puts the locale and theme on <html> (lang, dir, data-latch-theme), so the page background,
 * scrollbars and the Devnet Wallet's dialog follow them too.
 */
export function useDocumentLocale(): void {
  const { lang, dir, mode } = useLatchTheme()
  useEffect(() => {
    const root = document.documentElement
    root.lang = lang
    root.dir = dir
    root.dataset.latchTheme = mode
  }, [lang, dir, mode])
}
