import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LatchWebConfig } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { createWebApp, renderConfigScript } from './createWebApp.ts'
import { serveWeb } from './serveWeb.ts'

const config: LatchWebConfig = {
  apiUrl: 'http://127.0.0.1:4171',
  projectId: '0123456789abcdef0123456789abcdef',
  relayUrl: 'ws://127.0.0.1:4172',
  appName: 'Latch </script>',
  networks: [
    {
      id: 31337,
      name: 'Latch Devnet',
      caipNetworkId: 'eip155:31337',
      rpcUrl: 'http://127.0.0.1:4174',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    },
  ],
}

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'latch-web-dist-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Latch</title>')
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)')
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  return dir
}

describe('createWebApp', () => {
  const app = createWebApp({ distDir: fakeDist(), config })

  it('generates /latch-config.js from the config, never cached', async () => {
    const response = await app.request('/latch-config.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const script = await response.text()
    expect(script).not.toContain('</script>')
    const sandbox: { __LATCH_CONFIG__?: unknown } = {}
    new Function('window', script)(sandbox)
    expect(sandbox.__LATCH_CONFIG__).toEqual(config)
  })

  it('caches hashed assets for a year and 404s missing ones', async () => {
    const asset = await app.request('/assets/index-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await app.request('/assets/missing.js')).status).toBe(404)
  })

  it('serves index.html for app paths, revalidated each time', async () => {
    for (const path of ['/', '/account']) {
      const response = await app.request(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(await response.text()).toContain('<title>Latch</title>')
    }
    expect((await app.request('/favicon.svg')).headers.get('cache-control')).toBe('no-cache')
  })

  it('limits the page to its own hosts', async () => {
    const csp = (await app.request('/')).headers.get('content-security-policy')
    expect(csp).toContain(
      "connect-src 'self' http://127.0.0.1:4171 ws://127.0.0.1:4172 http://127.0.0.1:4174",
    )
    expect(csp).toContain("script-src 'self'")
  })

  it('refuses to start without a build', () => {
    expect(() => createWebApp({ distDir: join(tmpdir(), 'nope-latch'), config })).toThrow(
      'The web app is not built',
    )
  })
})

describe('renderConfigScript', () => {
  it('escapes "<" so the config cannot end a script element', () => {
    expect(renderConfigScript({ ...config, appName: '</script><script>alert(1)' })).toContain(
      '\\u003c/script>\\u003cscript>alert(1)',
    )
  })
})

describe('serveWeb', () => {
  it('listens on a free port and stops', async () => {
    const server = await serveWeb({ port: 0, distDir: fakeDist(), config })
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const response = await fetch(`${server.url}/latch-config.js`)
    expect(response.status).toBe(200)
    await server.stop()
    await expect(fetch(`${server.url}/`)).rejects.toThrow()
  })
})
