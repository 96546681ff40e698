import type { SendFormMessageKey } from './sendFormMessages.ts'
import { sendFormMessages } from './sendFormMessages.ts'

/** A message of the Send form: a key of `sendFormMessages` and its values. */
export type SendFormMessage = {
  key: SendFormMessageKey
  values?: Readonly<Record<string, string | number>> | undefined
  /** A missing field: shown only once the person has tried to send. */
  required?: boolean | undefined
}

/** The English text of a Send form message, its `{placeholders}` filled in. */
export function formatSendFormMessage(message: SendFormMessage): string {
  return sendFormMessages[message.key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    String(message.values?.[name] ?? whole),
  )
}
