import type { WalletListing } from '@latch/api-contract'
import { createApiTestConfig } from '@latch/test'
import { describe, expect, it } from 'vitest'
import type { FetchLike } from '../types.ts'
import { getWallets } from './getWallets.ts'

const listing = (id: string, overrides: Partial<WalletListing> = {}): WalletListing => ({
  id,
  name: id,
  image_id: `${id}-v1`,
  image_url: `http://api.test/getWalletImage/${id}-v1?projectId=abc`,
  rdns: null,
  chains: ['eip155:1'],
  mobile_link: null,
  desktop_link: null,
  webapp_link: null,
  homepage: null,
  badge_type: 'none',
  ...overrides,
})

type Call = { url: string; headers: Record<string, string> | undefined; signal: unknown }

const configWith = (fetch: FetchLike) => createApiTestConfig(fetch, { apiUrl: 'http://api.test/' })

function configAnswering(status: number, body: unknown) {
  const calls: Call[] = []
  const config = configWith(async (url, init) => {
    calls.push({ url, headers: init?.headers, signal: init?.signal })
    return { ok: status >= 200 && status < 300, status, json: async () => body }
  })
  return { config, calls }
}

describe('getWallets', () => {
  it('asks the API with the project id, the filters and the SDK headers', async () => {
    const { config, calls } = configAnswering(200, { count: 1, data: [listing('metamask')] })
    const signal = new AbortController().signal
    const result = await getWallets(config, {
      page: 2,
      entries: 10,
      search: ' meta ',
      include: ['metamask', 'trust'],
      exclude: ['rabby'],
      chains: ['eip155:1', 'eip155:8453'],
      badgeType: 'certified',
      signal,
    })
    expect(result).toEqual({ count: 1, data: [listing('metamask')] })
    expect(calls).toEqual([
      {
        url: 'http://api.test/getWallets?projectId=abc&sdkType=latch&sdkVersion=0.0.0&page=2&entries=10&search=meta&include=metamask%2Ctrust&exclude=rabby&chains=eip155%3A1%2Ceip155%3A8453&badge_type=certified',
        headers: { accept: 'application/json', 'x-sdk-type': 'latch', 'x-sdk-version': '0.0.0' },
        signal,
      },
    ])
  })

  it('defaults to the first page of 40 and leaves empty filters out', async () => {
    const { config, calls } = configAnswering(200, { count: 0, data: [] })
    await getWallets(config, { search: '  ', include: [] })
    expect(calls[0]?.url).toBe(
      'http://api.test/getWallets?projectId=abc&sdkType=latch&sdkVersion=0.0.0&page=1&entries=40',
    )
  })

  it('reads the listings with the contract, refusing links a page must not open', async () => {
    const good = listing('good', {
      mobile_link: 'good://',
      webapp_link: 'https://app.good.example',
    })
    const { config } = configAnswering(200, { count: 1, data: [good] })
    await expect(getWallets(config)).resolves.toEqual({ count: 1, data: [good] })
    for (const [bad, field] of [
      [listing('script', { mobile_link: 'javascript://%0aalert(1)' }), 'data.0.mobile_link'],
      [listing('site', { homepage: 'javascript:alert(1)' }), 'data.0.homepage'],
      [listing('image', { image_url: 'data:image/svg+xml,<svg/>' }), 'data.0.image_url'],
      [{ id: 'partial', name: 'Partial' }, 'data.0.image_id'],
      [listing('bad-badge', { badge_type: 'gold' as 'none' }), 'data.0.badge_type'],
    ] as const) {
      const refused = configAnswering(200, { count: 1, data: [bad] })
      await expect(getWallets(refused.config)).rejects.toMatchObject({
        name: 'WalletRegistryError',
        details: expect.stringContaining(`at ${field}`),
      })
    }
  })

  it("fails with the API's message, mapping the spec's server texts", async () => {
    const badRequest = configAnswering(400, {
      error: { code: 'BAD_REQUEST', message: 'page must be a positive integer.' },
    })
    await expect(
      getWallets(badRequest.config, { page: 0 }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [WalletRegistryError: The wallet list could not be loaded.

      Details: page must be a positive integer.]
    `)
    await expect(getWallets(badRequest.config)).rejects.toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
    })

    const unknownProject = configAnswering(401, {
      error: { code: 'UNAUTHORIZED', message: 'Unauthorized: invalid key' },
    })
    await expect(getWallets(unknownProject.config)).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidProjectIdError: The API does not know this project id.

      Check LATCH_PROJECT_ID against the API's LATCH_PROJECT_IDS.

      Details: Unauthorized: invalid key]
    `)

    const refusedOrigin = configAnswering(403, {
      error: { code: 'UNAUTHORIZED', message: 'Unauthorized: origin not allowed' },
    })
    await expect(getWallets(refusedOrigin.config)).rejects.toMatchObject({
      name: 'OriginNotAllowedError',
      status: 403,
    })

    const bare500 = configAnswering(500, 'not json')
    await expect(getWallets(bare500.config)).rejects.toMatchObject({
      name: 'WalletRegistryError',
      details: 'HTTP 500',
    })
  })

  it('fails clearly when the API is unreachable or answers nonsense', async () => {
    const { config } = configAnswering(200, { wallets: [] })
    await expect(getWallets(config)).rejects.toMatchObject({
      name: 'WalletRegistryError',
      details: expect.stringContaining("The API's answer does not match its contract at count"),
    })
    const offline = configWith(async () => {
      throw new TypeError('fetch failed')
    })
    await expect(getWallets(offline)).rejects.toMatchObject({
      name: 'WalletRegistryError',
      details: 'fetch failed',
    })
  })
})
