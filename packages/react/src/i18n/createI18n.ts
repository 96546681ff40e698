import type { LatchI18n } from '../context.ts'
import { locales, pickLocale, translate } from './locales.ts'

/**
 * The locale views speak: the configured one when Latch ships it, else the browser's
 * languages (`preferred`, default `navigator.languages`), else English.
 */
export function createI18n(
  configured: string | undefined,
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): LatchI18n {
  const locale = pickLocale(preferred, configured)
  const { messages, dir } = locales[locale]
  return { locale, dir, t: (key, values) => translate(messages, key, values) }
}
