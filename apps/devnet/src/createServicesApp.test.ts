import type { DevnetChain } from '@latch/api-contract'
import { expect, test } from 'vitest'
import { createServicesApp } from './createServicesApp.ts'
import { FaucetRequestError } from './errors.ts'
import type { FundParameters } from './faucetSchema.ts'

const chain = {
  id: 31337,
  name: 'Latch Devnet',
  nft: { name: 'Latch Lanterns', symbol: 'LANTERN' },
} as DevnetChain

const requests: FundParameters[] = []
const app = createServicesApp({
  chains: [chain],
  fund: async (parameters) => {
    requests.push(parameters)
    if (parameters.token === 'DOGE') throw new FaucetRequestError('Unknown token "DOGE".')
    if (parameters.token === 'BOOM') throw new Error('boom')
    return { address: parameters.address, funded: [] }
  },
})

const post = async (body: string) => {
  const response = await app.request('/fund', { method: 'POST', body })
  return {
    status: response.status,
    body: (await response.json()) as { error: { code: string; message: string } },
  }
}
const address = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

test('POST /fund validates the body and hands the parsed request to fund', async () => {
  expect(await post(JSON.stringify({ address, chainId: '31337', amount: 5 }))).toEqual({
    status: 200,
    body: { address, funded: [] },
  })
  expect(requests.at(-1)).toEqual({ address, chainId: 31337, amount: '5' })

  const messages = await Promise.all(
    [
      'not json',
      '[]',
      '{}',
      JSON.stringify({ address: 'vitalik.eth' }),
      JSON.stringify({ address, chainId: 'mainnet' }),
      JSON.stringify({ address, amount: '-1' }),
      JSON.stringify({ address, token: 'DOGE' }),
    ].map(async (body) => {
      const answer = await post(body)
      expect(answer.status).toBe(400)
      expect(answer.body.error.code).toBe('BAD_REQUEST')
      return answer.body.error.message
    }),
  )
  expect(messages).toMatchInlineSnapshot(`
    [
      "Invalid JSON body.",
      "Expected a JSON object such as {"address": "0x..."}.",
      "Missing "address": the account to fund.",
      "Invalid address "vitalik.eth".",
      "Invalid chain id "mainnet".",
      "Invalid amount "-1": expected a positive number such as "100".",
      "Unknown token "DOGE".",
    ]
  `)
})

test('unknown errors answer a bare 500', async () => {
  const answer = await post(JSON.stringify({ address, token: 'BOOM' }))
  expect(answer.status).toBe(500)
  expect(answer.body.error.code).toBe('INTERNAL')
})

test('GET /nft serves lantern metadata and images, with open CORS', async () => {
  const response = await app.request('http://127.0.0.1:4173/nft/31337/7', {
    headers: { origin: 'http://localhost:5173' },
  })
  expect(response.headers.get('access-control-allow-origin')).toBe('*')
  expect(await response.json()).toMatchInlineSnapshot(`
    {
      "attributes": [
        {
          "trait_type": "Hue",
          "value": 239,
        },
        {
          "trait_type": "Chain",
          "value": "Latch Devnet",
        },
      ],
      "description": "A lantern from Latch Lanterns, a test collection on Latch Devnet. It has no value.",
      "image": "http://127.0.0.1:4173/nft/31337/7/image.svg",
      "name": "Lantern #7",
    }
  `)

  const image = await app.request('/nft/31337/7/image.svg')
  expect(image.headers.get('content-type')).toBe('image/svg+xml')
  expect(await image.text()).toContain('#7</text>')

  const unknownChain = await app.request('/nft/1/7')
  expect([unknownChain.status, await unknownChain.json()]).toMatchInlineSnapshot(`
    [
      404,
      {
        "error": {
          "code": "NOT_FOUND",
          "message": "Unknown chain id "1".",
        },
      },
    ]
  `)
  const badId = await app.request('/nft/31337/-1')
  expect([badId.status, await badId.json()]).toMatchInlineSnapshot(`
    [
      400,
      {
        "error": {
          "code": "BAD_REQUEST",
          "message": "Invalid token id "-1".",
        },
      },
    ]
  `)
})

test('GET /health answers ok', async () => {
  expect(await (await app.request('/health')).json()).toEqual({ status: 'ok' })
})

test('a cross-site page or a foreign Host cannot use the faucet or the NFT server (403 JSON)', async () => {
  const before = requests.length
  const refused = async (path: string, headers: Record<string, string>, method = 'GET') => {
    const response = await app.request(path, {
      method,
      headers,
      ...(method === 'POST' ? { body: JSON.stringify({ address }) } : {}),
    })
    return `${response.status} ${response.headers.get('access-control-allow-origin')} ${await response.text()}`
  }
  expect(await refused('/fund', { origin: 'https://evil.example' }, 'POST')).toMatchInlineSnapshot(
    `"403 null {"error":{"code":"FORBIDDEN_ORIGIN","message":"Origin \\"https://evil.example\\" may not use the devnet services."}}"`,
  )
  expect(await refused('/fund', { host: 'rebind.evil.example:4273' }, 'POST')).toMatch(
    /^403 null .*FORBIDDEN_HOST/,
  )
  expect(await refused('/nft/31337/1', { origin: 'null' })).toMatch(/^403 null .*FORBIDDEN_ORIGIN/)
  // The preflight of a cross-site page is refused too.
  expect(await refused('/fund', { origin: 'https://evil.example' }, 'OPTIONS')).toMatch(/^403/)
  expect(requests.length).toBe(before)

  // The web app on loopback and a wallet extension are served, with CORS.
  for (const origin of [
    'http://127.0.0.1:4170',
    'chrome-extension://nkbihfbeogaeaoehlefnkodbefgpgknn',
  ]) {
    const response = await app.request('/fund', {
      method: 'POST',
      headers: { origin, host: '127.0.0.1:4173' },
      body: JSON.stringify({ address }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  }
  expect(requests.length).toBe(before + 2)
})
