import { en, type MessageKey, type Messages } from './en.ts'

/**
 * The locales Latch ships, with their writing direction and how to load their table. English
 * is built in; the others are separate chunks, fetched only when a page speaks them, so no
 * page carries a language it does not use.
 */
export const locales = {
  en: { dir: 'ltr', load: async () => en },
  es: { dir: 'ltr', load: async () => (await import('./es.ts')).es },
  ar: { dir: 'rtl', load: async () => (await import('./ar.ts')).ar },
} as const satisfies Record<string, { dir: 'ltr' | 'rtl'; load(): Promise<Messages> }>

export type LocaleCode = keyof typeof locales

// Tables are immutable data, loaded once per page whichever provider asks.
const loaded = new Map<LocaleCode, Messages>([['en', en]])

/** A locale's table if it has been loaded (English always has). */
export function getLoadedMessages(locale: LocaleCode): Messages | undefined {
  return loaded.get(locale)
}

/** Loads a locale's table (once); await it before the first render to avoid a flash of English. */
export async function loadLocaleMessages(locale: LocaleCode): Promise<Messages> {
  const known = loaded.get(locale)
  if (known) return known
  const messages = await locales[locale].load()
  loaded.set(locale, messages)
  return messages
}

/**
 * Picks the locale: the configured one when Latch ships it, else the first of the browser's
 * languages it ships (`es-MX` → `es`), else English.
 */
export function pickLocale(
  preferred: readonly string[],
  configured?: string | undefined,
): LocaleCode {
  for (const tag of configured ? [configured, ...preferred] : preferred) {
    const base = tag.toLowerCase().split('-')[0]
    if (base && base in locales) return base as LocaleCode
  }
  return 'en'
}

/** Looks a message up and fills its `{placeholders}`. */
export function translate(
  messages: Messages,
  key: MessageKey,
  values?: Readonly<Record<string, string | number>>,
): string {
  const text = messages[key]
  if (!values) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}
