import type { AddressInfo } from 'node:net'
import net from 'node:net'
import PostalMime from 'postal-mime'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createSmtpMailer } from './createSmtpMailer.ts'
import { renderCodeEmail } from './renderEmails.ts'

/** A throwaway SMTP server on a free port (the devnet mailbox's library), keeping what it gets. */
let server: SMTPServer
let port: number
const received: { from: string; to: string[]; raw: string }[] = []

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

test('sends the code email over SMTP: the code alone at the start of the subject', async () => {
  const mailer = createSmtpMailer({
    url: `smtp://127.0.0.1:${port}`,
    from: 'Latch <login@latch.localhost>',
  })
  await mailer.send(
    renderCodeEmail({ to: 'ada@example.com', code: '042917', kind: 'login', ttlMinutes: 10 }),
  )
  const [message] = received
  expect(message?.from).toBe('login@latch.localhost')
  expect(message?.to).toEqual(['ada@example.com'])
  const parsed = await PostalMime.parse(message?.raw ?? '')
  expect(parsed.subject).toBe('042917 is your Latch code')
  expect(parsed.text).toContain('Your Latch code is 042917. It expires in 10 minutes.')
  expect(parsed.html).toContain('042917')
})

test('a server that never answers fails the send within the timeout', async () => {
  // Accepts the connection and says nothing: no SMTP greeting ever comes.
  const silent = net.createServer(() => {})
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const silentPort = (silent.address() as AddressInfo).port
  try {
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${silentPort}`,
      from: 'login@latch.localhost',
      timeoutMs: 300,
    })
    const started = performance.now()
    await expect(
      mailer.send({ to: 'ada@example.com', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toThrow()
    expect(performance.now() - started).toBeLessThan(3_000)
  } finally {
    silent.close()
  }
})
