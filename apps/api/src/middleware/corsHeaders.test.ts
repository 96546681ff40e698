import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../appEnv.ts'
import { corsHeaders } from './corsHeaders.ts'

const options = {
  origin: (origin: string) => (origin === 'https://app.example' ? origin : null),
  allowMethods: ['GET', 'POST', 'OPTIONS'],
  allowHeaders: ['Content-Type', 'X-Project-Id'],
  exposeHeaders: ['X-Request-Id', 'ETag'],
  maxAge: 600,
}

function appWith(middleware: ReturnType<typeof corsHeaders>) {
  const app = new Hono<AppEnv>()
  app.use(middleware)
  app.get('/ok', (c) => {
    c.header('Vary', 'X-Project-Id', { append: true })
    return c.json({ ok: true })
  })
  app.get('/fails', () => {
    throw new Error('boom')
  })
  app.onError((_error, c) => c.json({ error: 'INTERNAL' }, 500))
  return app
}

const ours = appWith(corsHeaders(options))
const hono = appWith(cors(options) as ReturnType<typeof corsHeaders>)

const requests: [string, RequestInit][] = [
  ['/ok', { headers: { origin: 'https://app.example' } }],
  ['/ok', { headers: { origin: 'https://evil.example' } }],
  ['/ok', {}],
  ['/fails', { headers: { origin: 'https://app.example' } }],
  ['/missing', { headers: { origin: 'https://app.example' } }],
  [
    '/ok',
    {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
    },
  ],
  ['/ok', { method: 'OPTIONS', headers: { origin: 'https://evil.example' } }],
]

describe('corsHeaders', () => {
  it.each(requests)(
    'answers %s (%j) with the same status, headers and body as hono/cors',
    async (path, init) => {
      const [a, b] = await Promise.all([ours.request(path, init), hono.request(path, init)])
      expect(a.status).toBe(b.status)
      expect(Object.fromEntries(a.headers)).toEqual(Object.fromEntries(b.headers))
      expect(await a.text()).toBe(await b.text())
    },
  )

  it('allows only the allowed origin and always exposes the headers', async () => {
    const allowed = await ours.request('/ok', { headers: { origin: 'https://app.example' } })
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect(allowed.headers.get('access-control-expose-headers')).toBe('X-Request-Id,ETag')
    expect(allowed.headers.get('vary')).toBe('X-Project-Id, Origin')
    const refused = await ours.request('/ok', { headers: { origin: 'https://evil.example' } })
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
  })
})
