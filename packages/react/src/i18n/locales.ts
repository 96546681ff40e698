import type { MessageKey, Messages } from './en.ts'
import { enStart } from './enStart.ts'

/**
 * English as the page has it: the strings it shows before a click, completed with the later
 * views' strings when their chunk arrives (`laterMessages.ts` calls `addEnglishMessages`).
 */
const english: Partial<Record<MessageKey, string>> = { ...enStart }

/** Adds English strings to the built-in table (a later views' chunk brings them). */
export function addEnglishMessages(messages: Partial<Record<MessageKey, string>>): void {
  Object.assign(english, messages)
}

/**
 * The locales Latch ships, with their writing direction and how to load their table. English
 * is built in (its later views' strings come with those views); the others are separate
 * chunks, fetched only when a page speaks them, so no page carries a language it does not use.
 */
export const locales = {
  en: { dir: 'ltr', load: async () => english as Messages },
  es: { dir: 'ltr', load: async () => (await import('./es.ts')).es },
  ar: { dir: 'rtl', load: async () => (await import('./ar.ts')).ar },
} as const satisfies Record<string, { dir: 'ltr' | 'rtl'; load(): Promise<Messages> }>

export type LocaleCode = keyof typeof locales

// Tables are immutable data, loaded once per page whichever provider asks.
const loaded = new Map<LocaleCode, Messages>([['en', english as Messages]])

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
  if (text === undefined)
    throw new Error(
      `The message "${key}" is not loaded: the chunk of the view that shows it must import i18n/laterMessages.ts (or the key belongs in i18n/enStart.ts).`,
    )
  if (!values) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}
