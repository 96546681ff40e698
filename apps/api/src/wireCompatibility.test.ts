import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import {
  balanceResponseSchema,
  createNameAttributesMessage,
  createNameMessage,
  fungiblePriceResponseSchema,
  historyResponseSchema,
  identityResponseSchema,
  nameProfileSchema,
  nativeCoinAddress,
  supportedChainsResponseSchema,
  toNameCoinType,
} from '@latch/api-contract'
import { encodeFunctionData, type Hex, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createHttpServer } from './createHttpServer.ts'
import { forEachDatabase } from './db/testing.ts'
import { type StartIndexerReturnType, startIndexer } from './indexer/startIndexer.ts'
import { createIndexerTestApp, testProjectId } from './indexer/testing/createIndexerTestApp.ts'
import {
  collectionAbi,
  createTestChain,
  type TestChain,
  testAccounts,
} from './indexer/testing/createTestChain.ts'
import { createTestLogger } from './indexer/testing/createTestLogger.ts'
import { waitForIndexedBlock } from './indexer/testing/waitForIndexedBlock.ts'
import { nativeTokenAddress, type PriceSource } from './services/prices/priceSource.ts'

/**
 * Issue 11 item 9: the API answers the reference client (AppKit's API client) in the shapes it
 * reads, each call made as that client makes it, over HTTP to the real server on anvil. Latch's
 * own fields stay beside them (the contract test checks those).
 */

/** anvil's second test key (`testAccounts[1]`): test-only, signs as a wallet would. */
const owner = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
)
const [sender] = testAccounts
const pageOrigin = 'http://localhost:5173'
const multicall3Address = '0xcA11bde05977b3631167028862bE2a173976CA11'
const q = `projectId=${testProjectId}`

/** Today's price of the native coin, and its price at block `n`: 1000 + n (never today's). */
const todayUsd = 4242
const priceAtBlock = (blockNumber: bigint) => 1000 + Number(blockNumber)

/** A price source with history, injected: the history must use the past price. */
const prices: PriceSource = {
  currencies: ['usd'],
  async getPrices({ tokens }) {
    return new Map(
      tokens.flatMap((token) =>
        token.address === nativeTokenAddress ? [[token.address, todayUsd]] : [],
      ),
    )
  },
  async getPricesAt({ tokens, blockNumber }) {
    return new Map(
      tokens.flatMap((token) =>
        token.address === nativeTokenAddress ? [[token.address, priceAtBlock(blockNumber)]] : [],
      ),
    )
  },
}

function readMulticall3Code(): Hex {
  const file = path.resolve(import.meta.dirname, '../../devnet/artifacts/Multicall3.json')
  return JSON.parse(readFileSync(file, 'utf8')).deployedBytecode
}

forEachDatabase('wire compatibility with the reference client', (context) => {
  let chain: TestChain
  let indexer: StartIndexerReturnType
  let server: ReturnType<typeof createHttpServer>
  let serverUrl: string
  let sendBlock: bigint

  const get = (url: string, origin = pageOrigin) =>
    fetch(`${serverUrl}${url}`, { headers: { origin }, redirect: 'manual' })
  const post = (url: string, body: unknown, origin = pageOrigin) =>
    fetch(`${serverUrl}${url}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    chain = await createTestChain()
    await chain.rpc('anvil_setCode', [multicall3Address, readMulticall3Code()])
    const collection = await chain.deployCollection(
      'Latch Lanterns',
      'LANTERN',
      'http://127.0.0.1:9/',
    )
    const sent = await chain.send({ from: sender, to: owner.address, value: parseEther('0.5') })
    sendBlock = sent.blockNumber
    await chain.send({
      from: sender,
      to: collection,
      data: encodeFunctionData({ abi: collectionAbi, functionName: 'mint', args: [owner.address] }),
    })
    indexer = startIndexer({
      db: context.db,
      networks: [chain.network],
      clients: chain.clients,
      log: createTestLogger().logger,
      pollingIntervalMs: 50,
      startFrom: 'genesis',
    })
    // Avatars go through the guarded fetcher, as in production: public hosts only.
    const { app } = createIndexerTestApp({
      db: context.db,
      chain,
      prices,
      nftFetch: { allowPrivateHosts: false },
    })
    server = createHttpServer(app.fetch, {
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 100,
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const head = await chain.head()
    await waitForIndexedBlock(indexer, head)
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => {
      if (!server) return resolve()
      server.close(() => resolve())
      server.closeAllConnections()
    })
    await indexer?.stop()
    await chain?.stop()
  })

  test('GET /v1/supported-chains answers http and ws lists of CAIP-2 ids (and keeps networks)', async () => {
    const response = await get(`/v1/supported-chains?${q}`)
    expect(response.status).toBe(200)
    const body = supportedChainsResponseSchema.parse(await response.json())
    const caip2 = `eip155:${chain.network.id}`
    // The reference client's check: `http.includes(caipNetworkId)`.
    expect(body.http.includes(caip2)).toBe(true)
    expect(body.ws).toEqual([])
    expect(body.networks.map((network) => network.caipNetworkId)).toEqual(body.http)
  })

  test('POST /v1/profile/account needs no project id: the signature is the authority', async () => {
    const register = async (label: string, origin = pageOrigin, avatar?: string) => {
      const message = createNameMessage({
        name: `${label}.latch.id`,
        attributes: avatar ? { avatar } : {},
      })
      const signature = await owner.signMessage({ message })
      // Exactly the reference client's body: no projectId anywhere.
      return post(
        '/v1/profile/account',
        { coin_type: toNameCoinType(chain.network.id), address: owner.address, message, signature },
        origin,
      )
    }
    const created = await register('wireowner', pageOrigin, 'https://images.example/owner.png')
    expect(created.status).toBe(201)
    const profile = nameProfileSchema.parse(await created.json())
    expect(profile.attributes).toEqual([{ avatar: 'https://images.example/owner.png' }])

    // The origin check still applies, against the default allowed origins.
    const foreign = await register('wireforeign', 'https://evil.example')
    expect(foreign.status).toBe(403)
    expect(await foreign.json()).toMatchObject({
      error: { message: 'Unauthorized: origin not allowed' },
    })
    // A project id that is sent must still be known.
    const unknown = await post('/v1/profile/account?projectId=nope', {})
    expect(unknown.status).toBe(401)
    // Other /v1 calls still need one.
    expect((await get('/v1/profile/account/wireowner.latch.id')).status).toBe(400)
    // A bad signature is refused: nothing registered.
    const message = createNameMessage({ name: 'wireforged.latch.id' })
    const forged = await post('/v1/profile/account', {
      coin_type: 60,
      address: owner.address,
      message,
      signature: await privateKeyToAccount(
        '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
      ).signMessage({ message }),
    })
    expect(forged.status).toBe(400)
    expect((await get(`/v1/profile/account/wireforged.latch.id?${q}`)).status).toBe(404)
  })

  test('an avatar that is not an https URL is refused with 400, nothing registered', async () => {
    for (const avatar of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'http://images.example/a.png',
      'https://user:pw@images.example/a.png',
      'http://localhost/public/getNameAvatar/wireowner.latch.id',
    ]) {
      const message = createNameMessage({ name: 'wirebadavatar.latch.id', attributes: { avatar } })
      const response = await post(`/v1/profile/account?${q}`, {
        coin_type: 60,
        address: owner.address,
        message,
        signature: await owner.signMessage({ message }),
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        error: {
          code: 'BAD_REQUEST',
          message: expect.stringContaining('avatar must be an https:// URL'),
        },
      })
    }
    expect((await get(`/v1/profile/account/wirebadavatar.latch.id?${q}`)).status).toBe(404)
  })

  test('name records carry registered_at, updated_at, attributes as a list and dated addresses', async () => {
    const response = await get(`/v1/profile/account/wireowner.latch.id?${q}`)
    expect(response.status).toBe(200)
    const profile = nameProfileSchema.parse(await response.json())
    expect(new Date(profile.registered_at).toISOString()).toBe(profile.registered_at)
    expect(profile.updated_at).toBe(profile.registered_at)
    expect(profile.created_at).toBe(profile.registered_at)
    expect(Array.isArray(profile.attributes)).toBe(true)
    expect(profile.attributes[0]?.avatar).toBe('https://images.example/owner.png')
    expect(profile.addresses['60']).toEqual({
      address: owner.address,
      created: profile.registered_at,
    })
  })

  test('a signed update changes the avatar; the profile and identity show it; replays are refused', async () => {
    const update = async (
      attributes: Record<string, string>,
      timestamp: number,
      signer = owner,
    ) => {
      const message = createNameAttributesMessage({
        name: 'wireowner.latch.id',
        attributes,
        timestamp,
      })
      return post(`/v1/profile/account/wireowner.latch.id/attributes?${q}`, {
        message,
        signature: await signer.signMessage({ message }),
      })
    }
    // The identity is cached (5 min) before the update.
    const before = identityResponseSchema.parse(
      await (await get(`/v1/identity/${owner.address}?${q}`)).json(),
    )
    // Served from the API's origin (the page's CSP names no other host), through the proxy.
    const proxied = /^http:\/\/localhost\/public\/getNameAvatar\/wireowner\.latch\.id\?v=\d+$/
    expect(before).toEqual({ name: 'wireowner.latch.id', avatar: expect.stringMatching(proxied) })

    const now = Math.floor(Date.now() / 1000)
    const changed = await update({ avatar: 'https://images.example/new.png', bio: 'hi' }, now)
    expect(changed.status).toBe(200)
    const profile = nameProfileSchema.parse(await changed.json())
    expect(profile.attributes).toEqual([{ avatar: 'https://images.example/new.png', bio: 'hi' }])
    expect(Date.parse(profile.updated_at)).toBeGreaterThanOrEqual(Date.parse(profile.registered_at))

    // The identity entry was dropped: everyone sees the new avatar.
    const after = identityResponseSchema.parse(
      await (await get(`/v1/identity/${owner.address}?${q}&sender=${sender}`)).json(),
    )
    // A new `v`: a browser's cached image of the old avatar is not shown.
    expect(after.avatar).toMatch(proxied)
    expect(after.avatar).not.toBe(before.avatar)

    // The same update again, or an older one, is a replay: 409, nothing changes.
    expect((await update({ avatar: 'https://images.example/old.png' }, now)).status).toBe(409)
    expect((await update({ avatar: 'https://images.example/old.png' }, now - 1)).status).toBe(409)
    // Another key cannot update it.
    const stranger = privateKeyToAccount(
      '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
    )
    const stolen = await update({ avatar: 'https://images.example/x.png' }, now + 1, stranger)
    expect(stolen.status).toBe(400)
    // An invalid avatar is refused before any signature check.
    expect((await update({ avatar: 'ftp://images.example/x.png' }, now + 2)).status).toBe(400)
    // A free name: 404.
    const message = createNameAttributesMessage({
      name: 'wirenobody.latch.id',
      attributes: {},
      timestamp: now,
    })
    const missing = await post(`/v1/profile/account/wirenobody.latch.id/attributes?${q}`, {
      message,
      signature: await owner.signMessage({ message }),
    })
    expect(missing.status).toBe(404)
    const current = nameProfileSchema.parse(
      await (await get(`/v1/profile/account/wireowner.latch.id?${q}`)).json(),
    )
    expect(current.attributes).toEqual([{ avatar: 'https://images.example/new.png', bio: 'hi' }])
  })

  test("the avatar is served from the API's origin, fetched only through the guarded fetcher", async () => {
    const now = Math.floor(Date.now() / 1000) + 60
    const setAvatar = async (avatar: string, timestamp: number) => {
      const message = createNameAttributesMessage({
        name: 'wireowner.latch.id',
        attributes: { avatar },
        timestamp,
      })
      const response = await post(`/v1/profile/account/wireowner.latch.id/attributes?${q}`, {
        message,
        signature: await owner.signMessage({ message }),
      })
      expect(response.status).toBe(200)
    }
    // An avatar on a private address is never fetched: the guard refuses it, in the error shape.
    await setAvatar('https://127.0.0.1:9/avatar.png', now)
    const refused = await get('/public/getNameAvatar/wireowner.latch.id?v=1')
    expect(refused.status).toBe(502)
    expect(await refused.json()).toMatchObject({
      error: {
        code: 'UPSTREAM_UNAVAILABLE',
        message: expect.stringContaining('a host on a private network'),
      },
    })

    // An image of the API itself is answered as it is: the identity names it, the route redirects.
    const own = `http://localhost/public/getTokenImage/${chain.network.id}/0x0000000000000000000000000000000000000000`
    await setAvatar(own, now + 1)
    const identity = identityResponseSchema.parse(
      await (await get(`/v1/identity/${owner.address}?${q}&sender=${owner.address}`)).json(),
    )
    expect(identity.avatar).toBe(own)
    const redirected = await get('/public/getNameAvatar/WIREOWNER.latch.id')
    expect(redirected.status).toBe(302)
    expect(redirected.headers.get('location')).toBe(own)

    // No avatar (or no name): 404, and the header keeps its generated avatar.
    const none = await get('/public/getNameAvatar/wirenobody.latch.id')
    expect(none.status).toBe(404)
    expect(await none.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
  })

  test('the identity sender is used (an account asking about itself reads fresh) or refused', async () => {
    expect((await get(`/v1/identity/${owner.address}?${q}&sender=bob`)).status).toBe(400)
    const withSender = await get(`/v1/identity/${owner.address}?${q}&sender=${owner.address}`)
    expect(withSender.status).toBe(200)
    expect(identityResponseSchema.parse(await withSender.json()).name).toBe('wireowner.latch.id')
  })

  test('the native coin carries 0xeeee...eeee, and /v1/fungible/price prices it so', async () => {
    const response = await get(
      `/v1/account/${owner.address}/balance?${q}&chainId=eip155:${chain.network.id}`,
    )
    expect(response.status).toBe(200)
    const { balances } = balanceResponseSchema.parse(await response.json())
    const native = balances.find((balance) => balance.symbol === 'ETH')
    const caip10 = `eip155:${chain.network.id}:${nativeCoinAddress}`
    expect(native?.address).toBe(caip10)
    expect(native?.price).toBe(todayUsd)
    // No balance carries the zero address, which a client would treat as an ERC-20.
    expect(balances.some((balance) => /0x0{40}$/.test(balance.address ?? ''))).toBe(false)

    const priced = await post(`/v1/fungible/price?${q}`, { currency: 'usd', addresses: [caip10] })
    expect(priced.status).toBe(200)
    const { fungibles } = fungiblePriceResponseSchema.parse(await priced.json())
    expect(fungibles).toEqual([
      expect.objectContaining({ address: caip10, symbol: 'ETH', price: todayUsd, decimals: 18 }),
    ])
  })

  test('history: nft_info.flags.is_spam reads, native transfers are priced at their block, onramp lists only purchases', async () => {
    const response = await get(`/v1/account/${owner.address}/history?${q}`)
    expect(response.status).toBe(200)
    const page = historyResponseSchema.parse(await response.json())
    const transfers = page.data.flatMap((item) => item.transfers)
    const nft = transfers.find((transfer) => transfer.nft_info)
    // What the reference client reads for every NFT: it must not throw.
    expect(nft?.nft_info?.flags.is_spam).toBe(false)
    expect(nft?.price).toBeUndefined()

    const received = page.data.find((item) => item.metadata.blockNumber === Number(sendBlock))
    const coin = received?.transfers.find((transfer) => transfer.fungible_info)
    // The price at the transfer's block, not today's.
    expect(coin?.price).toBe(priceAtBlock(sendBlock))
    expect(coin?.value).toBeCloseTo(0.5 * priceAtBlock(sendBlock))

    // On-ramp purchases as the reference client asks for them: none here (no on-ramp funding
    // account sent to this account), not everything.
    const onramp = await get(`/v1/account/${owner.address}/history?${q}&onramp=coinbase`)
    expect(onramp.status).toBe(200)
    expect(await onramp.json()).toEqual({ data: [], next: null })
    const other = await get(`/v1/account/${owner.address}/history?${q}&onramp=paypal`)
    expect(other.status).toBe(400)
    expect(await other.json()).toMatchObject({
      error: { message: expect.stringContaining('onramp') },
    })
  })
})
