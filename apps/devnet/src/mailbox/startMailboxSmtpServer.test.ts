import { connect } from 'node:net'
import { networkInterfaces } from 'node:os'
import nodemailer from 'nodemailer'
import { afterEach, expect, test } from 'vitest'
import { createServicesApp } from '../createServicesApp.ts'
import { createMailbox } from './createMailbox.ts'
import {
  type StartMailboxSmtpServerReturnType,
  startMailboxSmtpServer,
} from './startMailboxSmtpServer.ts'

const servers: StartMailboxSmtpServerReturnType[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop()
})

async function start(
  options: { maxMessageBytes?: number; capacity?: number; idleTimeoutMs?: number } = {},
) {
  const lines: string[] = []
  const mailbox = createMailbox({ capacity: options.capacity, log: (line) => lines.push(line) })
  const server = await startMailboxSmtpServer({
    mailbox,
    port: 0,
    maxMessageBytes: options.maxMessageBytes,
    idleTimeoutMs: options.idleTimeoutMs,
  })
  servers.push(server)
  // The API's own way of sending: nodemailer over plain SMTP, no login.
  const transport = nodemailer.createTransport(server.url)
  return { mailbox, server, transport, lines }
}

test('a message sent over SMTP is listed, parsed, with its code and link logged', async () => {
  const { mailbox, server, transport, lines } = await start()
  expect(server.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/)
  await transport.sendMail({
    from: 'Latch <no-reply@latch.local>',
    to: 'Ada@Example.com',
    subject: 'Your Latch code: 123456',
    text: 'Your code is 123456. It expires in 10 minutes.\nOr approve: http://127.0.0.1:4171/auth/v1/device/approve?token=abc.\n',
  })
  const [message] = mailbox.list({ to: 'ada@example.com' })
  expect(message).toMatchObject({
    id: 1,
    from: 'no-reply@latch.local',
    to: ['ada@example.com'],
    subject: 'Your Latch code: 123456',
    codes: ['123456'],
    links: ['http://127.0.0.1:4171/auth/v1/device/approve?token=abc'],
  })
  expect(message?.text).toContain('It expires in 10 minutes.')
  expect(Date.parse(message?.receivedAt ?? '')).toBeGreaterThan(Date.now() - 60_000)
  expect(lines).toEqual([
    '[mailbox] code 123456 for ada@example.com',
    '[mailbox] link http://127.0.0.1:4171/auth/v1/device/approve?token=abc for ada@example.com',
  ])
  expect(mailbox.list({ to: 'bob@example.com' })).toEqual([])
})

test('the services server lists the mailbox as JSON (newest first, by recipient) and as a page', async () => {
  const { mailbox, transport } = await start()
  await transport.sendMail({
    from: 'a@latch.local',
    to: 'ada@example.com',
    subject: 'first',
    text: '111111',
  })
  await transport.sendMail({
    from: 'a@latch.local',
    to: 'bob@example.com',
    subject: '<script>alert(1)</script>',
    text: 'Hi "Bob" & <b>you</b>: 222222',
  })
  await transport.sendMail({
    from: 'a@latch.local',
    to: 'ada@example.com',
    subject: 'second',
    text: '333333',
  })
  const app = createServicesApp({
    chains: [],
    fund: async () => {
      throw new Error('not used')
    },
    mailbox,
  })

  const json = await app.request('/mailbox/messages.json?to=ADA@example.com')
  expect(json.status).toBe(200)
  expect(json.headers.get('cache-control')).toBe('no-store')
  const { messages } = (await json.json()) as { messages: { subject: string; codes: string[] }[] }
  expect(messages.map((m) => [m.subject, m.codes])).toEqual([
    ['second', ['333333']],
    ['first', ['111111']],
  ])
  const all = (await (await app.request('/mailbox/messages.json')).json()) as {
    messages: unknown[]
  }
  expect(all.messages).toHaveLength(3)
  expect((await app.request(`/mailbox/messages.json?to=${'a'.repeat(255)}`)).status).toBe(400)

  const page = await app.request('/mailbox')
  expect(page.status).toBe(200)
  expect(page.headers.get('content-type')).toMatch(/^text\/html/)
  const csp = page.headers.get('content-security-policy') ?? ''
  expect(csp).toContain("default-src 'none'")
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).not.toContain('unsafe-inline')
  const html = await page.text()
  expect(html).not.toContain('<script>')
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  expect(html).toContain('Hi &quot;Bob&quot; &amp; &lt;b&gt;you&lt;/b&gt;: 222222')
  // Newest first.
  expect(html).toContain('<h2>first</h2>')
  expect(html.indexOf('<h2>second</h2>')).toBeLessThan(html.indexOf('<h2>first</h2>'))
  // A foreign site cannot read it from a page (the devnet's Origin check).
  const foreign = await app.request('/mailbox/messages.json', {
    headers: { origin: 'https://evil.example' },
  })
  expect(foreign.status).toBe(403)
})

test('a message over the size limit is refused with 552 and not kept', async () => {
  const { mailbox, transport } = await start({ maxMessageBytes: 4096 })
  const sent = transport.sendMail({
    from: 'a@latch.local',
    to: 'ada@example.com',
    subject: 'big',
    text: 'x'.repeat(10_000),
  })
  await expect(sent).rejects.toMatchObject({ responseCode: 552 })
  expect(mailbox.list()).toEqual([])
  // A message within the limit still goes through on the same server.
  await transport.sendMail({
    from: 'a@latch.local',
    to: 'ada@example.com',
    subject: 'small',
    text: 'ok',
  })
  expect(mailbox.list().map((m) => m.subject)).toEqual(['small'])
})

test('the mailbox keeps the last `capacity` messages, dropping the oldest', async () => {
  const { mailbox, transport } = await start({ capacity: 3 })
  for (const n of [1, 2, 3, 4, 5]) {
    await transport.sendMail({
      from: 'a@latch.local',
      to: 'ada@example.com',
      subject: `m${n}`,
      text: '',
    })
  }
  expect(mailbox.list().map((m) => m.subject)).toEqual(['m5', 'm4', 'm3'])
})

test('the default mailbox keeps 200 messages', () => {
  const mailbox = createMailbox()
  for (let n = 0; n < 205; n++)
    mailbox.add({ from: 'a', to: ['b@c.d'], subject: `m${n}`, text: '' })
  const kept = mailbox.list()
  expect(kept).toHaveLength(200)
  expect(kept[0]?.subject).toBe('m204')
  expect(kept.at(-1)?.subject).toBe('m5')
})

test('it listens on loopback only and drops a silent connection', async () => {
  const { server } = await start({ idleTimeoutMs: 200 })
  const socket = connect(server.port, '127.0.0.1')
  const greeting = await new Promise<string>((resolve) =>
    socket.once('data', (data) => resolve(String(data))),
  )
  expect(greeting).toMatch(/^220 /)
  const started = Date.now()
  await new Promise<void>((resolve) => socket.once('close', () => resolve()))
  expect(Date.now() - started).toBeLessThan(5000)
  // Not reachable on the machine's other addresses.
  const others = Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && !address.internal && address.family === 'IPv4')
  for (const address of others) {
    const reached = await new Promise<boolean>((resolve) => {
      const probe = connect(server.port, address?.address ?? '')
      probe.once('connect', () => {
        probe.destroy()
        resolve(true)
      })
      probe.once('error', () => resolve(false))
    })
    expect(reached, address?.address).toBe(false)
  }
})
