import { mkdtemp, rm, stat } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { emailVerifyResponseSchema } from '@latch/api-contract'
import PostalMime from 'postal-mime'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Logger } from './logger.ts'
import { type StartApiReturnType, startApi } from './startApi.ts'

/**
 * The embedded wallet through the real server (`startApi`: env, PGlite, the SMTP mailer, the
 * generated auth-share key), with the code read from a throwaway SMTP server.
 */
const authOrigin = 'http://127.0.0.1:4999'
const messages: { to: string[]; raw: string }[] = []
const logged: string[] = []
const logger: Logger = {
  info: (message) => logged.push(message),
  warn: (message) => logged.push(message),
  error: (message) => logged.push(message),
}
let smtp: SMTPServer
let stateDir: string
let api: StartApiReturnType

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const smtpPort = (smtp.server.address() as AddressInfo).port
  stateDir = await mkdtemp(path.join(tmpdir(), 'latch-embedded-'))
  api = await startApi({
    port: 0,
    stateDir,
    logger,
    env: {
      LATCH_PROJECT_IDS: 'test-project',
      LATCH_NETWORKS: JSON.stringify([
        {
          id: 10,
          name: 'OP Mainnet',
          rpcUrl: 'http://127.0.0.1:9',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ]),
      LATCH_AUTH_URL: authOrigin,
      LATCH_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LATCH_MAIL_FROM: 'Latch <login@latch.test>',
      LATCH_INDEXER: 'off',
    },
  })
}, 60_000)
afterAll(async () => {
  await api?.stop()
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))
  if (stateDir) await rm(stateDir, { recursive: true, force: true })
})

const post = (pathname: string, body: unknown, token?: string) =>
  fetch(`${api.url}${pathname}`, {
    method: 'POST',
    headers: {
      origin: authOrigin,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })

test('sign in by email over SMTP, through the real server', async () => {
  const email = 'ada@example.com'
  const deviceId = 'c'.repeat(32)
  const started = await post('/auth/v1/email/start', { projectId: 'test-project', email, deviceId })
  expect(await started.json()).toEqual({ action: 'VERIFY_OTP' })
  const parsed = await PostalMime.parse(messages.at(-1)?.raw ?? '')
  expect(messages.at(-1)?.to).toEqual([email])
  expect(parsed.from?.address).toBe('login@latch.test')
  const code = /^(\d{6}) is your Latch code$/.exec(parsed.subject ?? '')?.[1] ?? ''
  expect(parsed.text).toContain(`Your Latch code is ${code}. It expires in 10 minutes.`)

  const verified = await post('/auth/v1/email/verify', {
    projectId: 'test-project',
    email,
    deviceId,
    otp: code,
  })
  const session = emailVerifyResponseSchema.parse(await verified.json())
  const user = await fetch(`${api.url}/auth/v1/user`, {
    headers: { origin: authOrigin, authorization: `Bearer ${session.token}` },
  })
  expect(await user.json()).toMatchObject({ email, address: null })
  expect(await (await post('/auth/v1/signout', {}, session.token)).json()).toEqual({ ok: true })

  // The auth-share key was generated into the state directory, readable by its owner only.
  expect((await stat(path.join(stateDir, 'auth-share.key'))).mode & 0o777).toBe(0o600)
  expect(
    logged.some((line) => line.startsWith(`Embedded wallet: /auth/v1 answers ${authOrigin}`)),
  ).toBe(true)
  // The auth site may read the project's chains too.
  const chains = await fetch(`${api.url}/v1/supported-chains?projectId=test-project`, {
    headers: { origin: authOrigin },
  })
  expect(chains.headers.get('access-control-allow-origin')).toBe(authOrigin)
})

test('an SMTP server that is down: 503, and no cooldown after it', async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
  const body = { projectId: 'test-project', email: 'grace@example.com', deviceId: 'd'.repeat(32) }
  const failed = await post('/auth/v1/email/start', body)
  expect(failed.status).toBe(503)
  expect(await failed.json()).toEqual({
    error: {
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'The email could not be sent right now: try again in a moment.',
    },
  })
  // Not the cooldown: the server is still down, so the mail fails again (and says so).
  expect((await post('/auth/v1/email/start', body)).status).toBe(503)
})
