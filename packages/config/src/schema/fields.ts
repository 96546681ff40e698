import { z } from 'zod'

/** An unset variable and an empty one mean the same: "use the default". */
export function optional<schema extends z.ZodType>(schema: schema) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional())
}

export const httpUrl = z
  .string()
  .regex(/^https?:\/\/\S+$/, 'Expected an http(s) URL.')
  .refine((value) => URL.canParse(value), 'Expected an http(s) URL.')

export const wsUrl = z
  .string()
  .regex(/^wss?:\/\/\S+$/, 'Expected a ws(s) URL.')
  .refine((value) => URL.canParse(value), 'Expected a ws(s) URL.')

export const smtpUrl = z
  .string()
  .regex(/^smtps?:\/\/\S+$/, 'Expected an smtp:// or smtps:// URL.')
  .refine((value) => URL.canParse(value), 'Expected an smtp:// or smtps:// URL.')

export const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\/\S+$/, 'Expected a postgres:// or postgresql:// connection string.')
  .refine(
    (value) => URL.canParse(value),
    'Expected a postgres:// or postgresql:// connection string.',
  )

export const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 40-hex-character address.')

export const projectId = z
  .string()
  .regex(/^[\w-]{1,128}$/, 'Expected ids of letters, digits, - or _.')

/** A comma list: entries trimmed, empty entries dropped. */
export function commaList<item extends z.ZodType<unknown, string>>(item: item) {
  return z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0),
    )
    .pipe(z.array(item))
}

/** A whole number between `min` and `max`, or `fallback` when unset. */
export function wholeNumber(fallback: number, min: number, max: number, what: string) {
  const message = `Expected ${what} between ${min} and ${max}.`
  return z
    .preprocess(
      (value) => (value === '' || value === undefined ? undefined : Number(value)),
      z.number(message).int(message).min(min, message).max(max, message).optional(),
    )
    .transform((value) => value ?? fallback)
}

/** A whole number between `min` and `max`, or undefined when unset (the reader has a default). */
export function optionalWholeNumber(min: number, max: number, what: string) {
  const message = `Expected ${what} between ${min} and ${max}.`
  return z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : Number(value)),
    z.number(message).int(message).min(min, message).max(max, message).optional(),
  )
}

/** `on` or `off`. */
export const onOff = z.enum(['on', 'off'], 'Expected on or off.')

/** A domain like `latch.id`, lower-cased, without a leading dot. */
export const domain = z
  .string()
  .transform((value) => value.trim().toLowerCase().replace(/^\./, ''))
  .pipe(
    z
      .string()
      .max(190, 'Expected a domain like "latch.id".')
      .regex(
        /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/,
        'Expected a domain like "latch.id".',
      ),
  )
