import { enLater } from './enLater.ts'
import { enStart } from './enStart.ts'

/**
 * Every string a person reads, in English: the one message table (spec section 8 wording
 * where the spec has it). Other locales must define every key (checked by the type system).
 * Placeholders are written `{name}`. The page does not load this table whole: it is the
 * strings it shows before a click (`enStart.ts`) and those of the later views (`enLater.ts`),
 * which come with their chunks; a new key goes in the part of the views that show it.
 */
export const en = { ...enStart, ...enLater } as const

export type MessageKey = keyof typeof en
/** A locale's table: every key of the English table, translated. */
export type Messages = { readonly [K in MessageKey]: string }
