import { findMailCodes, findMailLinks } from './findMailCodes.ts'

/** One message the local mailbox received, as the mailbox page and its JSON list show it. */
export type MailboxMessage = {
  /** Increases with every message, so the newest has the highest. */
  id: number
  /** ISO 8601, when the SMTP server accepted it. */
  receivedAt: string
  from: string
  /** The envelope's recipients, lower-cased (Bcc included): what `?to=` filters on. */
  to: string[]
  subject: string
  text: string
  /** Every 6-digit code in the subject or the text, in order. */
  codes: string[]
  /** Every http(s) link in the text, in order. */
  links: string[]
}

export type CreateMailboxParameters = {
  /** How many messages are kept; the oldest goes when one more arrives. 200 by default. */
  capacity?: number
  /** Prints `[mailbox] code 123456 for ada@example.com` and `[mailbox] link ... for ...`. */
  log?: (line: string) => void
}

export type Mailbox = {
  /** Stores a received message and logs its codes and links. */
  add(message: {
    from: string
    to: readonly string[]
    subject: string
    text: string
  }): MailboxMessage
  /** The kept messages, newest first; only those sent to `to` (any case) when given. */
  list(filter?: { to?: string | undefined }): MailboxMessage[]
}

/**
 * The devnet's in-memory mailbox: the SMTP server adds to it, the services server lists it.
 * Bounded (200 messages by default) so a loop sending mail cannot grow the devnet's memory.
 */
export function createMailbox(parameters: CreateMailboxParameters = {}): Mailbox {
  const capacity = parameters.capacity ?? 200
  const messages: MailboxMessage[] = []
  let nextId = 1
  return {
    add({ from, to, subject, text }) {
      const recipients = [...new Set(to.map((address) => address.toLowerCase()))]
      const message: MailboxMessage = {
        id: nextId++,
        receivedAt: new Date().toISOString(),
        from,
        to: recipients,
        subject,
        text,
        codes: findMailCodes(`${subject}\n${text}`),
        links: findMailLinks(text),
      }
      messages.push(message)
      if (messages.length > capacity) messages.splice(0, messages.length - capacity)
      const forWhom = recipients.join(', ')
      for (const code of message.codes) parameters.log?.(`[mailbox] code ${code} for ${forWhom}`)
      for (const link of message.links) parameters.log?.(`[mailbox] link ${link} for ${forWhom}`)
      return message
    },
    list(filter = {}) {
      const to = filter.to?.trim().toLowerCase()
      const newestFirst = [...messages].reverse()
      return to ? newestFirst.filter((message) => message.to.includes(to)) : newestFirst
    },
  }
}
