import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LatchWebConfig } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { createWebApp, renderConfigScript } from './createWebApp.ts'
import { loadWebConfig } from './loadWebConfig.ts'
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

  it('limits the page to its own origin, the API and the relay', async () => {
    const csp = (await app.request('/')).headers.get('content-security-policy')
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:4171 ws://127.0.0.1:4172;")
    expect(csp).toContain("script-src 'self'")
    // No auth site configured: no frame at all.
    expect(csp).toContain("frame-src 'none';")
    // The devnet profile's wallet talks to its own anvil node, and only it adds that origin.
    const devnet = createWebApp({
      distDir: fakeDist(),
      config: {
        ...config,
        devnetWallet: {
          address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          privateKey: `0x${'11'.repeat(32)}`,
          chainIds: [31337],
          rpcUrls: { '31337': 'http://127.0.0.1:4174' },
        },
      },
    })
    expect((await devnet.request('/')).headers.get('content-security-policy')).toContain(
      "connect-src 'self' http://127.0.0.1:4171 ws://127.0.0.1:4172 http://127.0.0.1:4174;",
    )
  })

  it("frames the embedded wallet's auth site, and only it", async () => {
    const withAuth = createWebApp({
      distDir: fakeDist(),
      config: { ...config, authUrl: 'http://127.0.0.1:4177' },
    })
    const csp = (await withAuth.request('/')).headers.get('content-security-policy') ?? ''
    expect(csp).toContain('frame-src http://127.0.0.1:4177;')
    expect(csp).toContain("frame-ancestors 'none'")
    const script = await (await withAuth.request('/latch-config.js')).text()
    expect(script).toContain('"authUrl":"http://127.0.0.1:4177"')
  })

  it('never puts a node URL in /latch-config.js or the CSP for real networks', async () => {
    const nodeUrl = 'https://base-mainnet.g.alchemy.example/v2/sEcReTkEy123'
    const real = loadWebConfig({
      env: {
        LATCH_STATE_DIR: mkdtempSync(join(tmpdir(), 'latch-no-devnet-')),
        LATCH_NETWORKS: JSON.stringify([
          {
            id: 8453,
            name: 'Base',
            rpcUrl: nodeUrl,
            publicRpcUrl: 'https://public-node.example/rpc',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        ]),
        LATCH_PROJECT_ID: 'shop',
        LATCH_API_URL: 'https://api.example',
        LATCH_RELAY_URL: 'wss://relay.walletconnect.org',
      },
    })
    const realApp = createWebApp({ distDir: fakeDist(), config: real })
    const script = await (await realApp.request('/latch-config.js')).text()
    const csp = (await realApp.request('/')).headers.get('content-security-policy') ?? ''
    for (const text of [script, csp]) {
      expect(text).not.toContain('sEcReTkEy123')
      expect(text).not.toContain('alchemy')
      expect(text).not.toContain('public-node')
    }
    expect(script).toContain(
      '"rpcUrl":"https://api.example/v1/?chainId=eip155:8453&projectId=shop"',
    )
    expect(csp).toContain("connect-src 'self' https://api.example wss://relay.walletconnect.org;")
    expect(real.devnetWallet).toBeUndefined()
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
