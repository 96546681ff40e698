import { readManifest } from './devnet.ts'

/** One message of the devnet mailbox (`GET /mailbox/messages.json?to=`). */
export type MailboxMessage = {
  id: number
  receivedAt: string
  from: string
  to: string[]
  subject: string
  text: string
  codes: string[]
  links: string[]
}

/** The devnet mailbox page of the running test stack (from its manifest). */
export function mailboxUrl(): string {
  const url = readManifest().mailboxUrl
  if (!url) throw new Error('The devnet manifest names no mailbox: restart the test stack.')
  return url
}

/** The messages sent to `email`, newest first. */
export async function listMailbox(email: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${mailboxUrl()}/messages.json?to=${encodeURIComponent(email)}`)
  if (!response.ok) throw new Error(`The mailbox answered ${response.status}.`)
  return ((await response.json()) as { messages: MailboxMessage[] }).messages
}

/** The id of the newest message to `email` (0 when none): pass it as `after` to wait for the next. */
export async function lastMailboxId(email: string): Promise<number> {
  return (await listMailbox(email))[0]?.id ?? 0
}

/**
 * Waits for a message to `email` newer than `after` that `accept` takes (a code by default),
 * as a person watching their inbox would; fails after `timeoutMs`.
 */
export async function waitForMail(
  email: string,
  options: {
    after?: number
    accept?: (message: MailboxMessage) => boolean
    timeoutMs?: number
  } = {},
): Promise<MailboxMessage> {
  const { after = 0, accept = (message) => message.codes.length > 0, timeoutMs = 15_000 } = options
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = (await listMailbox(email)).find(
      (message) => message.id > after && accept(message),
    )
    if (found) return found
    if (Date.now() > deadline)
      throw new Error(`No new mail to ${email} within ${timeoutMs} ms (after message #${after}).`)
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
}

/** The newest 6-digit code mailed to `email` after message `after`. */
export async function readMailboxCode(email: string, after = 0): Promise<string> {
  const message = await waitForMail(email, { after })
  return message.codes[0] as string
}

/** The newest link mailed to `email` after message `after` (the device-approval link). */
export async function readMailboxLink(email: string, after = 0): Promise<string> {
  const message = await waitForMail(email, { after, accept: (m) => m.links.length > 0 })
  return message.links[0] as string
}

/** A fresh address per test: codes, cooldowns and devices belong to one email. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`
}
