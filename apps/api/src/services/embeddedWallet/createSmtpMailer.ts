import nodemailer from 'nodemailer'
import type { Mailer } from './mailer.ts'

export type CreateSmtpMailerParameters = {
  /** LATCH_SMTP_URL, e.g. `smtp://127.0.0.1:4178` or `smtps://user:pass@smtp.example.com`. */
  url: string
  /** LATCH_MAIL_FROM, e.g. `Latch <login@example.com>`. */
  from: string
  /** The longest a message may take to send, connection included (default 10 s). */
  timeoutMs?: number | undefined
}

/** A `Mailer` over SMTP with nodemailer: any SMTP server in production, the devnet's mailbox locally. */
export function createSmtpMailer({
  url,
  from,
  timeoutMs = 10_000,
}: CreateSmtpMailerParameters): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  })
  return {
    async send({ to, subject, text, html }) {
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(new Error(`The SMTP server did not take the message within ${timeoutMs} ms.`)),
          timeoutMs,
        )
      })
      try {
        await Promise.race([transport.sendMail({ from, to, subject, text, html }), timeout])
      } finally {
        clearTimeout(timer)
      }
    },
  }
}
