import type { AddressInfo } from 'node:net'
import PostalMime from 'postal-mime'
import { SMTPServer } from 'smtp-server'
import type { Mailbox } from './createMailbox.ts'

export type StartMailboxSmtpServerParameters = {
  mailbox: Mailbox
  /** 0 picks a free port (tests). */
  port: number
  /** The largest message accepted, in bytes; larger ones get 552. 256 KiB by default. */
  maxMessageBytes?: number | undefined
  /** A connection silent this long is closed (the API sends and quits at once). 30 s by default. */
  idleTimeoutMs?: number | undefined
  log?: (line: string) => void
}

export type StartMailboxSmtpServerReturnType = {
  /** `smtp://127.0.0.1:<port>`, what LATCH_SMTP_URL points at. */
  url: string
  port: number
  /** Stops listening and ends open connections within a second. */
  stop: () => Promise<void>
}

/** At most this many SMTP connections at once. */
const maxClients = 20

/**
 * The devnet's SMTP server: the stand-in for a real mail provider, so the API sends its codes
 * through SMTP exactly as in production. It listens on loopback only, asks for no login and
 * no TLS (nothing leaves the machine), parses each message with postal-mime and hands it to
 * the mailbox.
 */
export async function startMailboxSmtpServer(
  parameters: StartMailboxSmtpServerParameters,
): Promise<StartMailboxSmtpServerReturnType> {
  const { mailbox, log } = parameters
  const maxMessageBytes = parameters.maxMessageBytes ?? 256 * 1024
  const server = new SMTPServer({
    name: 'latch-devnet',
    banner: 'Latch devnet mailbox',
    logger: false,
    authOptional: true,
    // A login some SMTP URL carries is accepted as is: this mailbox only collects mail.
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'devnet' }),
    disabledCommands: ['STARTTLS'],
    size: maxMessageBytes,
    maxClients,
    socketTimeout: parameters.idleTimeoutMs ?? 30_000,
    closeTimeout: 1000,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      let bytes = 0
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        // Past the limit the rest is read and dropped, never kept.
        if (bytes <= maxMessageBytes) chunks.push(chunk)
      })
      stream.on('error', (error) => callback(error))
      stream.on('end', () => {
        if (stream.sizeExceeded || bytes > maxMessageBytes) {
          callback(
            Object.assign(
              new Error(`Message exceeds the ${maxMessageBytes} bytes this mailbox keeps.`),
              {
                responseCode: 552,
              },
            ),
          )
          return
        }
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            const envelopeTo = session.envelope.rcptTo.map((recipient) => recipient.address)
            const headerFrom = email.from?.address
            const envelopeFrom = session.envelope.mailFrom
            mailbox.add({
              from: headerFrom ?? (envelopeFrom ? envelopeFrom.address : ''),
              to: envelopeTo,
              subject: email.subject ?? '',
              text: email.text ?? stripTags(email.html ?? ''),
            })
            callback()
          },
          (error: unknown) => {
            log?.(`[mailbox] could not read a message: ${String(error)}`)
            callback(
              Object.assign(new Error('Message could not be parsed.'), { responseCode: 554 }),
            )
          },
        )
      })
    },
  })
  server.on('error', (error) => log?.(`[mailbox] SMTP error: ${error.message}`))

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(parameters.port, '127.0.0.1', () => {
      server.server.off('error', reject)
      resolve()
    })
  })
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A readable stand-in for an HTML-only message (the page escapes it anyway). */
function stripTags(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim()
}
