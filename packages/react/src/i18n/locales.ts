import { ar } from './ar.ts'
import { en, type MessageKey, type Messages } from './en.ts'
import { es } from './es.ts'

/** The locales Latch ships, with their writing direction. */
export const locales = {
  en: { messages: en, dir: 'ltr' },
  es: { messages: es, dir: 'ltr' },
  ar: { messages: ar, dir: 'rtl' },
} as const satisfies Record<string, { messages: Messages; dir: 'ltr' | 'rtl' }>

export type LocaleCode = keyof typeof locales

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
