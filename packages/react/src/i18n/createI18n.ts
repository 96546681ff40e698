import type { LatchI18n } from '../context.ts'
import type { Messages } from './en.ts'
import { getLoadedMessages, locales, pickLocale, translate } from './locales.ts'

/**
 * The locale views speak: the configured one when Latch ships it, else the browser's
 * languages (`preferred`, default `navigator.languages`), else English. Until that locale's
 * table is loaded (`loadLocaleMessages`), English stands in.
 */
export function createI18n(
  configured: string | undefined,
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): LatchI18n {
  const wanted = pickLocale(preferred, configured)
  const messages = getLoadedMessages(wanted)
  const locale = messages ? wanted : 'en'
  const table = messages ?? (getLoadedMessages('en') as Messages)
  return { locale, dir: locales[locale].dir, t: (key, values) => translate(table, key, values) }
}
