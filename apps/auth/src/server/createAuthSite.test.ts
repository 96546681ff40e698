import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serveTestApi, testApiProjectId } from '@latch/api/testing/serveTestApi.ts'
import { findFreePort } from '@latch/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { frameConfigElementId, frameConfigSchema } from '../frame/frameConfigSchema.ts'
import { createAuthSite } from './createAuthSite.ts'
import { createProjectOriginsSource } from './createProjectOriginsSource.ts'
import { startAuthSite } from './startAuthSite.ts'

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'latch-auth-dist-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(
    join(dir, 'frame.html'),
    '<!doctype html><html><head><title>Frame</title><script type="module" src="/assets/frame-abc.js"></script></head><body></body></html>',
  )
  writeFileSync(join(dir, 'assets', 'frame-abc.js'), 'console.log(1)')
  return dir
}

const configOf = (html: string) => {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${frameConfigElementId}">(.*?)</script>`),
  )
  return frameConfigSchema.parse(JSON.parse(match?.[1] ?? 'null'))
}

describe('createAuthSite against the real API', () => {
  let api: Awaited<ReturnType<typeof serveTestApi>>
  let app: ReturnType<typeof createAuthSite>
  beforeAll(async () => {
    api = await serveTestApi()
    app = createAuthSite({ distDir: fakeDist(), apiUrl: `${api.url}/` })
  })
  afterAll(() => api.stop())

  it("answers the frame with frame-ancestors from the project's allowed origins", async () => {
    const response = await app.request(`/frame?projectId=${testApiProjectId}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        `connect-src ${api.url}`,
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
        'frame-ancestors https://app.test https://*.app.test',
      ].join('; '),
    )
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    expect(configOf(html)).toEqual({
      projectId: testApiProjectId,
      apiUrl: api.url,
      allowedOrigins: ['https://app.test', 'https://*.app.test'],
    })
    // The built page's own script stays; nothing inline runs.
    expect(html).toContain('<script type="module" src="/assets/frame-abc.js"></script>')
    expect(html.match(/<script(?![^>]*(?:src=|type="application\/json"))/g)).toBeNull()
  })

  it('refuses an unknown or missing project with a page nothing may frame', async () => {
    const unknown = await app.request('/frame?projectId=nobody-knows-me')
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(await unknown.text()).toContain('The project &#34;nobody-knows-me&#34; is not known')
    const missing = await app.request('/frame')
    expect(missing.status).toBe(400)
    expect((await app.request('/frame?projectId=a%20b')).status).toBe(400)
  })

  it('serves hashed assets for a year, 404s the rest, and answers /health', async () => {
    const asset = await app.request('/assets/frame-abc.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await app.request('/assets/nope.js')).status).toBe(404)
    expect((await app.request('/frame.html')).status).toBe(404)
    expect(await (await app.request('/health')).json()).toEqual({ status: 'ok' })
  })
})

describe('createAuthSite without the API', () => {
  it('answers 503 when the API is down, and 403 when no allowed origin fits CSP', async () => {
    const deadPort = await findFreePort()
    const down = createAuthSite({
      distDir: fakeDist(),
      apiUrl: `http://127.0.0.1:${deadPort}`,
    })
    const response = await down.request('/frame?projectId=shop')
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('5')
    expect(await response.text()).toContain('The Latch API did not answer.')

    const ipv6Only = createAuthSite({
      distDir: fakeDist(),
      apiUrl: 'http://127.0.0.1:1',
      origins: { get: async () => ({ status: 'ok', allowedOrigins: ['http://[::1]:*'] }) },
    })
    expect((await ipv6Only.request('/frame?projectId=shop')).status).toBe(403)
  })

  it('refuses to start without a build', () => {
    expect(() =>
      createAuthSite({ distDir: join(tmpdir(), 'nope-latch-auth'), apiUrl: 'http://127.0.0.1:1' }),
    ).toThrow('The auth site is not built')
  })
})

describe('createProjectOriginsSource', () => {
  it('caches answers, shares a fetch in flight, retries failures and times out', async () => {
    let calls = 0
    let time = 0
    let answer: () => Response | Promise<Response> = () =>
      Response.json({ allowedOrigins: ['https://a.test'] })
    const source = createProjectOriginsSource({
      apiUrl: 'http://api.test',
      cacheMs: 1_000,
      timeoutMs: 50,
      now: () => time,
      fetchFn: async (input) => {
        calls++
        expect(String(input)).toBe('http://api.test/projects/v1/origins?projectId=shop')
        return answer()
      },
    })
    const [a, b] = await Promise.all([source.get('shop'), source.get('shop')])
    expect(a).toEqual({ status: 'ok', allowedOrigins: ['https://a.test'] })
    expect(b).toBe(a)
    expect(calls).toBe(1)
    time = 999
    await source.get('shop')
    expect(calls).toBe(1)
    time = 1_001
    answer = () => new Response('{}', { status: 500 })
    expect(await source.get('shop')).toEqual({ status: 'unavailable' })
    answer = () => Response.json({ error: { code: 'UNAUTHORIZED', message: 'x' } }, { status: 401 })
    expect(await source.get('shop')).toEqual({ status: 'unknown' })
    expect(calls).toBe(3)

    const slow = createProjectOriginsSource({
      apiUrl: 'http://api.test',
      timeoutMs: 30,
      fetchFn: (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    })
    expect(await slow.get('shop')).toEqual({ status: 'unavailable' })
  })
})

describe('startAuthSite', () => {
  it('listens on a free port and stops', async () => {
    const site = await startAuthSite({
      port: 0,
      distDir: fakeDist(),
      apiUrl: 'http://127.0.0.1:1',
    })
    expect(site.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await fetch(`${site.url}/health`)).status).toBe(200)
    await site.stop()
    await expect(fetch(`${site.url}/health`)).rejects.toThrow()
  })
})
