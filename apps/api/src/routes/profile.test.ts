import { randomBytes } from 'node:crypto'
import {
  createNameMessage,
  nameProfileSchema,
  nameSuggestionsResponseSchema,
  reverseNamesResponseSchema,
  toNameCoinType,
} from '@latch/api-contract'
import { findFreePort, type StartTestAnvilReturnType, startTestAnvil } from '@latch/test'
import {
  type Address,
  concatHex,
  createWalletClient,
  encodeDeployData,
  getContractAddress,
  type Hex,
  hashMessage,
  http,
  padHex,
  serializeErc6492Signature,
} from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../app.ts'
import { type ChainClients, createChainClients } from '../createChainClients.ts'
import type { LatchDb } from '../db/createDatabase.ts'
import { forEachDatabase } from '../db/testing.ts'
import { parseEnv } from '../env.ts'
import { InvalidEnvError } from '../errors/config.ts'
import type { Logger } from '../logger.ts'
import type { ApiNetwork } from '../network.ts'
import { loadWalletRegistry } from '../registry/loadWalletRegistry.ts'
import type { WalletRegistryEntry } from '../registry/walletRegistryEntrySchema.ts'
import {
  testSmartAccountAbi,
  testSmartAccountBytecode,
} from '../services/names/testing/testSmartAccount.ts'
import { createDbCacheStore } from '../stores/createDbCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'

const projectId = '0123456789abcdef0123456789abcdef'
const silent: Logger = { info() {}, warn() {}, error() {} }
// anvil's well-known dev keys (public, test funds only).
const alice = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
)
const bob = privateKeyToAccount(
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
)
const carol = privateKeyToAccount(
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
)
const devnetCoinType = toNameCoinType(31337)
/** The CREATE2 deployer anvil ships with (Arachnid's deterministic-deployment proxy). */
const create2Deployer: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c'

let anvil: StartTestAnvilReturnType
let network: ApiNetwork
let clients: ChainClients

beforeAll(async () => {
  anvil = await startTestAnvil()
  network = {
    id: 31337,
    name: 'Test anvil',
    rpcUrl: anvil.rpcUrl,
    publicRpcUrl: anvil.rpcUrl,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    nativePriceUsd: 0,
    testnet: true,
    tokens: [],
  }
  clients = createChainClients([network], { timeout: 2_000, retryCount: 0 })
})
afterAll(async () => {
  await anvil?.stop()
})

function profileApp(
  db: LatchDb,
  options: {
    nameSuffix?: string
    clients?: ChainClients
    namesPerAddress?: number
    wallets?: WalletRegistryEntry[]
  } = {},
): ReturnType<typeof createApp> {
  return createApp({
    networks: [network],
    projects: createMemoryProjectStore([{ id: projectId, name: 'Test' }]),
    clients: options.clients ?? clients,
    wallets: createMemoryWalletRegistryStore(options.wallets ?? []),
    cache: createDbCacheStore({ db }),
    logger: silent,
    db,
    nameSuffix: options.nameSuffix,
    // The tests not about the per-address quota register many names from one key.
    quotas: { namesPerAddress: options.namesPerAddress ?? 1000 },
  })
}

/** A JSON answer, its body loosely typed: each test asserts the shape it reads. */
type JsonResult = {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked by the assertions
  body: any
}

async function json(pending: Response | Promise<Response>): Promise<JsonResult> {
  const response = await pending
  return { status: response.status, body: await response.json() }
}

type RegisterOptions = {
  /** Who signs (default the account itself). */
  signer?: PrivateKeyAccount
  /** The address registered (default the account's). */
  address?: Address
  timestamp?: number
  attributes?: Record<string, string>
  coinType?: number | string
  /** Signs the message's EIP-191 hash with the owner key, as a contract account's owner does. */
  sign?: (message: string) => Promise<Hex>
}

async function register(
  app: ReturnType<typeof createApp>,
  account: PrivateKeyAccount,
  name: string,
  options: RegisterOptions = {},
) {
  const message = createNameMessage({
    name,
    attributes: options.attributes,
    timestamp: options.timestamp,
  })
  const signature = options.sign
    ? await options.sign(message)
    : await (options.signer ?? account).signMessage({ message })
  return post(app, {
    projectId,
    coin_type: options.coinType ?? devnetCoinType,
    address: options.address ?? account.address,
    message,
    signature,
  })
}

function post(app: ReturnType<typeof createApp>, body: unknown, query = '') {
  return json(
    app.request(`/v1/profile/account${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )
}

const get = (app: ReturnType<typeof createApp>, path: string) =>
  json(app.request(`/v1/profile/${path}${path.includes('?') ? '&' : '?'}projectId=${projectId}`))

const errorOf = (result: JsonResult) => `${result.status} ${result.body.error?.message}`

/** A TestSmartAccount owned by `owner`, deployed (or not yet) through the CREATE2 deployer. */
function smartAccountOf(owner: Address, salt: Hex) {
  const initCode = encodeDeployData({
    abi: testSmartAccountAbi,
    bytecode: testSmartAccountBytecode,
    args: [owner],
  })
  const address = getContractAddress({
    opcode: 'CREATE2',
    from: create2Deployer,
    salt,
    bytecode: initCode,
  })
  return { address, factoryData: concatHex([salt, initCode]) }
}

forEachDatabase('/v1/profile', (context) => {
  test('registers a name signed by an EOA, answered in lower case from any case', async () => {
    const app = profileApp(context.db)
    const before = Math.floor(Date.now() / 1000)
    const created = await register(app, alice, 'Alice.latch.id', {
      attributes: { description: 'hello' },
    })
    expect(created.status).toBe(201)
    const profile = nameProfileSchema.parse(created.body)
    expect(profile).toEqual({
      name: 'alice.latch.id',
      addresses: {
        '60': { address: alice.address, created: expect.any(String) },
        [String(devnetCoinType)]: { address: alice.address, created: expect.any(String) },
      },
      attributes: [{ description: 'hello' }],
      registered_at: profile.created_at,
      updated_at: profile.created_at,
      created_at: expect.any(String),
    })
    expect(Date.parse(profile.created_at) / 1000).toBeGreaterThanOrEqual(before - 5)
    expect(await get(app, 'account/alice.latch.id')).toEqual({ status: 200, body: profile })
    expect(await get(app, 'account/ALICE.Latch.ID')).toEqual({ status: 200, body: profile })
    // coin_type 60 (mainnet) as a string: an EOA's signature holds on every chain.
    expect((await register(app, alice, 'alice-mainnet.latch.id', { coinType: '60' })).body).toEqual(
      expect.objectContaining({
        addresses: { '60': { address: alice.address, created: expect.any(String) } },
      }),
    )
  })

  test('a name is unique whatever its case; the owner retrying gets it back', async () => {
    const app = profileApp(context.db)
    const first = await register(app, alice, 'unique.latch.id')
    expect(first.status).toBe(201)
    expect(errorOf(await register(app, bob, 'UNIQUE.latch.id'))).toMatchInlineSnapshot(
      `"409 The name "unique.latch.id" is taken."`,
    )
    expect((await register(app, bob, 'UNIQUE.latch.id')).body.error.code).toBe('CONFLICT')
    expect(await register(app, alice, 'Unique.latch.id')).toEqual({ status: 200, body: first.body })
  })

  test('labels: letters, digits and hyphens, 4 to 63 characters', async () => {
    const app = profileApp(context.db)
    for (const label of ['abc', 'ali_ce', 'ali😀e', 'alicé', '-alice', 'alice-', 'a'.repeat(64)])
      expect(errorOf(await register(app, alice, `${label}.latch.id`)), label).toBe(
        '400 Names use letters, digits and hyphens, at least 4 characters.',
      )
    expect(errorOf(await register(app, alice, 'sub.name.latch.id'))).toBe(
      '400 Names use letters, digits and hyphens, at least 4 characters.',
    )
    expect((await register(app, alice, `a-${'b'.repeat(60)}1.latch.id`)).status).toBe(201)
    expect((await register(app, alice, '1234.latch.id')).status).toBe(201)
  })

  test('the name must end with the suffix', async () => {
    const app = profileApp(context.db)
    expect(errorOf(await register(app, alice, 'alice.eth'))).toMatchInlineSnapshot(
      `"400 The name "alice.eth" must end with ".latch.id"."`,
    )
    expect(errorOf(await register(app, alice, 'latch.id'))).toMatchInlineSnapshot(
      `"400 The name "latch.id" must end with ".latch.id"."`,
    )
    expect(errorOf(await register(app, alice, 'alicelatch.id'))).toMatchInlineSnapshot(
      `"400 The name "alicelatch.id" must end with ".latch.id"."`,
    )
  })

  test('LATCH_NAME_SUFFIX changes the suffix', async () => {
    const app = profileApp(context.db, { nameSuffix: 'example.eth' })
    expect((await register(app, alice, 'other.example.eth')).status).toBe(201)
    expect(errorOf(await register(app, alice, 'other.latch.id'))).toMatchInlineSnapshot(
      `"400 The name "other.latch.id" must end with ".example.eth"."`,
    )
    expect((await get(app, 'suggestions/other')).body.suggestions[0]).toEqual({
      name: 'other1.example.eth',
      registered: false,
    })
  })

  test('a signature by another key is refused (400, not 401: clients read 401 as a bad key)', async () => {
    const app = profileApp(context.db)
    expect(errorOf(await register(app, alice, 'forged.latch.id', { signer: bob }))).toBe(
      `400 The signature is not "${alice.address}"'s signature of the message.`,
    )
    // Signed for another message: the signature must cover the message sent.
    const message = createNameMessage({ name: 'forged.latch.id' })
    const signature = await alice.signMessage({ message: `${message} ` })
    expect(
      (await post(app, { projectId, coin_type: 60, address: alice.address, message, signature }))
        .status,
    ).toBe(400)
    expect((await get(app, 'account/forged.latch.id')).status).toBe(404)
  })

  test('a message older or newer than 10 minutes is refused', async () => {
    const app = profileApp(context.db)
    const now = Math.floor(Date.now() / 1000)
    expect(
      errorOf(await register(app, alice, 'stale.latch.id', { timestamp: now - 11 * 60 })),
    ).toMatchInlineSnapshot(
      `"400 The signed message has expired: sign a new one (its timestamp must be within 10 minutes of now)."`,
    )
    expect(
      errorOf(await register(app, alice, 'stale.latch.id', { timestamp: now + 11 * 60 })),
    ).toMatchInlineSnapshot(
      `"400 The signed message's timestamp is in the future: check the device's clock (it must be within 10 minutes of now)."`,
    )
    // Milliseconds by mistake read as far in the future.
    expect((await register(app, alice, 'stale.latch.id', { timestamp: Date.now() })).status).toBe(
      400,
    )
    expect((await register(app, alice, 'stale.latch.id', { timestamp: now - 9 * 60 })).status).toBe(
      201,
    )
  })

  test('bad bodies are a 400 naming the problem', async () => {
    const app = profileApp(context.db)
    const message = createNameMessage({ name: 'body.latch.id' })
    const signature = await alice.signMessage({ message })
    const valid = { projectId, coin_type: devnetCoinType, address: alice.address, message }
    const problems = await Promise.all([
      post(app, 'not json', `?projectId=${projectId}`),
      post(app, [1], `?projectId=${projectId}`),
      post(app, valid),
      post(app, { ...valid, signature: 'abc' }),
      post(app, { ...valid, signature, coin_type: -1 }),
      post(app, { ...valid, signature, address: '0x123' }),
      post(app, { ...valid, signature, message: 'hello' }),
      post(app, { ...valid, signature, message: '{"name":"body.latch.id","timestamp":1}' }),
      post(app, { ...valid, signature, message: `${message.slice(0, -1)},"extra":1}` }),
      post(app, { ...valid, signature, coin_type: 0 }),
      post(app, { ...valid, signature, coin_type: 2147483648 }),
    ])
    expect(problems.map(errorOf)).toMatchInlineSnapshot(`
      [
        "400 The request body must be JSON.",
        "400 The request body must be a JSON object.",
        "400 signature is required.",
        "400 signature must be 0x-prefixed hex.",
        "400 coin_type must be an ENSIP-11 coin type: 60, or 2147483648 + the chain id.",
        "400 Invalid address "0x123".",
        "400 The message must be JSON like {"name":"alice.latch.id","attributes":{},"timestamp":1732190000}: it is not JSON.",
        "400 The message must be JSON like {"name":"alice.latch.id","attributes":{},"timestamp":1732190000}: attributes is missing or invalid.",
        "400 The message must be JSON like {"name":"alice.latch.id","attributes":{},"timestamp":1732190000}: unknown key "extra".",
        "400 Coin type 0 is not an EVM chain: use 60 (Ethereum) or 2147483648 + the chain id.",
        "400 Coin type 2147483648 is not an EVM chain: use 60 (Ethereum) or 2147483648 + the chain id.",
      ]
    `)
    const withoutProject = await json(
      app.request('/v1/profile/account', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...valid, projectId: undefined, signature }),
      }),
    )
    // The reference client sends no project id: the signature is the authority (issue 11).
    expect(withoutProject.status).toBe(201)
  })

  test('a contract account: ERC-6492 before it is deployed, ERC-1271 after', async () => {
    const app = profileApp(context.db)
    const client = clients.get(31337)
    if (!client) throw new Error('No anvil client.')
    // A new salt per run: the anvil outlives each database's block.
    const account = smartAccountOf(carol.address, `0x${randomBytes(32).toString('hex')}`)
    const signAsOwner = (message: string) => carol.sign({ hash: hashMessage(message) })
    expect(await client.getCode({ address: account.address })).toBeUndefined()

    // Counterfactual: the signature names the factory call that would deploy the account.
    const counterfactual = await register(app, carol, 'counterfactual.latch.id', {
      address: account.address,
      sign: async (message) =>
        serializeErc6492Signature({
          address: create2Deployer,
          data: account.factoryData,
          signature: await signAsOwner(message),
        }),
    })
    expect(counterfactual.status).toBe(201)
    // A contract account's name resolves only on the chain it proved itself on.
    expect(counterfactual.body.addresses).toEqual({
      [String(devnetCoinType)]: { address: account.address, created: expect.any(String) },
    })
    // The check simulated the deployment and left the chain as it was.
    expect(await client.getCode({ address: account.address })).toBeUndefined()

    const deployer = createWalletClient({ account: alice, transport: http(anvil.rpcUrl) })
    const hash = await deployer.sendTransaction({
      chain: null,
      to: create2Deployer,
      data: account.factoryData,
    })
    await client.waitForTransactionReceipt({ hash })
    expect(await client.getCode({ address: account.address })).toBeDefined()

    // Deployed: a plain ERC-1271 signature from the owner.
    const deployed = await register(app, carol, 'deployed-account.latch.id', {
      address: account.address,
      sign: signAsOwner,
    })
    expect(deployed.status).toBe(201)
    expect(
      errorOf(
        await register(app, carol, 'not-the-owner.latch.id', {
          address: account.address,
          sign: (message) => bob.sign({ hash: hashMessage(message) }),
        }),
      ),
    ).toBe(`400 The signature is not "${account.address}"'s signature of the message.`)
    const reverse = await get(app, `reverse/${account.address}`)
    expect(reverse.body.map((entry: { name: string }) => entry.name)).toEqual([
      'deployed-account.latch.id',
      'counterfactual.latch.id',
    ])

    // A contract account is verified on its coin type's chain: chain 1 is not served here.
    expect(
      errorOf(
        await register(app, carol, 'mainnet-account.latch.id', {
          address: account.address,
          coinType: 60,
          sign: signAsOwner,
        }),
      ),
    ).toMatchInlineSnapshot(
      `"400 The signature is not an EOA's, and contract accounts are verified on their chain: chain eip155:1 (coin type 60) is not supported."`,
    )
  })

  test("a dead RPC is a 502 for a contract account's signature, never a wrong signature", async () => {
    const deadPort = await findFreePort()
    const deadClients = createChainClients(
      [{ ...network, rpcUrl: `http://127.0.0.1:${deadPort}` }],
      {
        timeout: 500,
        retryCount: 0,
      },
    )
    const app = profileApp(context.db, { clients: deadClients })
    const account = smartAccountOf(carol.address, padHex('0xdead', { size: 32 }))
    const result = await register(app, carol, 'offline-account.latch.id', {
      address: account.address,
      sign: (message) => carol.sign({ hash: hashMessage(message) }),
    })
    expect(errorOf(result)).toBe('502 The RPC for chain eip155:31337 did not answer.')
    // An EOA needs no RPC.
    expect((await register(app, alice, 'offline-eoa.latch.id')).status).toBe(201)
  })

  test('lookup, reverse lookup (newest first) and 404s', async () => {
    const app = profileApp(context.db)
    expect(await get(app, `reverse/${bob.address}`)).toEqual({ status: 200, body: [] })
    await register(app, bob, 'bob-first.latch.id')
    await register(app, bob, 'bob-second.latch.id')
    const reverse = await get(app, `reverse/${bob.address.toLowerCase()}`)
    expect(reverseNamesResponseSchema.parse(reverse.body).map((entry) => entry.name)).toEqual([
      'bob-second.latch.id',
      'bob-first.latch.id',
    ])
    expect(errorOf(await get(app, 'account/nobody.latch.id'))).toMatchInlineSnapshot(
      `"404 Name "nobody.latch.id" not found."`,
    )
    expect(errorOf(await get(app, 'account/Nobody'))).toMatchInlineSnapshot(
      `"404 Name "nobody" not found."`,
    )
    expect(errorOf(await get(app, 'reverse/0x123'))).toMatchInlineSnapshot(
      `"400 Invalid address "0x123"."`,
    )
    expect((await json(app.request('/v1/profile/account/bob-first.latch.id'))).status).toBe(400)
  })

  test('suggestions: the name when free, then free variations', async () => {
    const app = profileApp(context.db)
    const free = await get(app, 'suggestions/Dave')
    expect(
      nameSuggestionsResponseSchema.parse(free.body).suggestions.map((s) => s.name),
    ).toMatchInlineSnapshot(`
      [
        "dave.latch.id",
        "dave1.latch.id",
        "dave2.latch.id",
        "dave3.latch.id",
        "dave01.latch.id",
        "dave123.latch.id",
        "dave-app.latch.id",
        "dave-eth.latch.id",
        "dave-id.latch.id",
        "dave-xyz.latch.id",
        "dave-wallet.latch.id",
      ]
    `)
    await register(app, alice, 'dave.latch.id')
    await register(app, alice, 'dave1.latch.id')
    const afterward = await get(app, 'suggestions/dave.latch.id')
    expect(afterward.body.suggestions.slice(0, 2)).toEqual([
      { name: 'dave2.latch.id', registered: false },
      { name: 'dave3.latch.id', registered: false },
    ])
    const flagged = await get(app, 'suggestions/dave?includeRegistered=true')
    expect(flagged.body.suggestions.slice(0, 3)).toEqual([
      { name: 'dave.latch.id', registered: true },
      { name: 'dave1.latch.id', registered: true },
      { name: 'dave2.latch.id', registered: false },
    ])
    // Too short or with other characters: what a label can hold, made long enough.
    const short = await get(app, `suggestions/${encodeURIComponent('Ed_😀')}`)
    expect(short.body.suggestions.slice(0, 2)).toEqual([
      { name: 'ed01.latch.id', registered: false },
      { name: 'ed123.latch.id', registered: false },
    ])
    expect(errorOf(await get(app, `suggestions/${encodeURIComponent('😀')}`))).toBe(
      '400 Names use letters, digits and hyphens, at least 4 characters.',
    )
    expect(errorOf(await get(app, 'suggestions/dave?includeRegistered=yes'))).toBe(
      '400 includeRegistered must be one of "true", "false".',
    )
  })

  test('reserved names, brands and wallet names are refused, look-alikes too', async () => {
    const app = profileApp(context.db, { wallets: await loadWalletRegistry() })
    const account = privateKeyToAccount(generatePrivateKey())
    const refusal = async (name: string) => errorOf(await register(app, account, name))
    expect({
      admin: await refusal('admin.latch.id'),
      lookalike: await refusal('Adm1n.latch.id'),
      brand: await refusal('metamask-support.latch.id'),
      product: await refusal('latch-help.latch.id'),
      wallet: await refusal('trust-wallet.latch.id'),
      walletShort: await refusal('rabby.latch.id'),
      punycode: await refusal('xn--80ak6aa92e.latch.id'),
      idnaStyle: await refusal('ab--cd.latch.id'),
    }).toMatchInlineSnapshot(`
      {
        "admin": "409 The name "admin.latch.id" is reserved.",
        "brand": "409 The name "metamask-support.latch.id" is reserved.",
        "idnaStyle": "400 The name "ab--cd.latch.id" cannot be registered: labels with "--" in their 3rd and 4th characters (like "xn--") are not allowed.",
        "lookalike": "409 The name "adm1n.latch.id" is reserved.",
        "product": "409 The name "latch-help.latch.id" is reserved.",
        "punycode": "400 The name "xn--80ak6aa92e.latch.id" cannot be registered: labels with "--" in their 3rd and 4th characters (like "xn--") are not allowed.",
        "wallet": "409 The name "trust-wallet.latch.id" is reserved.",
        "walletShort": "409 The name "rabby.latch.id" is reserved.",
      }
    `)
    // Nothing refused was written.
    expect(await get(app, `reverse/${account.address}`)).toEqual({ status: 200, body: [] })
    // Suggestions never offer what registering would refuse.
    const offered = await get(app, 'suggestions/admin')
    expect(offered.body.suggestions.map((entry: { name: string }) => entry.name)).not.toContain(
      'admin.latch.id',
    )
    const wallet = await get(app, 'suggestions/metamask')
    expect(wallet.body.suggestions).toEqual([])
  })

  test("a look-alike of another address's name is refused", async () => {
    const app = profileApp(context.db)
    const owner = privateKeyToAccount(generatePrivateKey())
    const other = privateKeyToAccount(generatePrivateKey())
    expect((await register(app, owner, 'molly-vvood.latch.id')).status).toBe(201)
    const refusal = async (name: string) => errorOf(await register(app, other, name))
    expect({
      zero: await refusal('m0lly-wood.latch.id'),
      rn: await refusal('rnolly-wood.latch.id'),
      hyphens: await refusal('mollywood.latch.id'),
      one: await refusal('mo1ly-wood.latch.id'),
    }).toMatchInlineSnapshot(`
      {
        "hyphens": "409 The name "mollywood.latch.id" looks like "molly-vvood.latch.id", which is taken.",
        "one": "409 The name "mo1ly-wood.latch.id" looks like "molly-vvood.latch.id", which is taken.",
        "rn": "409 The name "rnolly-wood.latch.id" looks like "molly-vvood.latch.id", which is taken.",
        "zero": "409 The name "m0lly-wood.latch.id" looks like "molly-vvood.latch.id", which is taken.",
      }
    `)
    // The owner may hold its own variants; an unrelated name is fine for the other.
    expect((await register(app, owner, 'mollywood.latch.id')).status).toBe(201)
    expect((await register(app, other, 'polly-wood.latch.id')).status).toBe(201)
  })

  test('one address holds at most LATCH_NAMES_PER_ADDRESS names; retrying one is not a new one', async () => {
    const app = profileApp(context.db, { namesPerAddress: 2 })
    const account = privateKeyToAccount(generatePrivateKey())
    expect((await register(app, account, 'quota-one.latch.id')).status).toBe(201)
    expect((await register(app, account, 'quota-two.latch.id')).status).toBe(201)
    expect(errorOf(await register(app, account, 'quota-three.latch.id'))).toBe(
      `409 The address "${account.address}" already has 2 names, the most one address may hold.`,
    )
    expect((await register(app, account, 'quota-two.latch.id')).status).toBe(200)
    const reverse = await get(app, `reverse/${account.address}`)
    expect(reverse.body.map((entry: { name: string }) => entry.name)).toEqual([
      'quota-two.latch.id',
      'quota-one.latch.id',
    ])
  })

  test("a contract account's name resolves only on the chain it was registered for", async () => {
    const app = profileApp(context.db)
    const account = smartAccountOf(carol.address, `0x${randomBytes(32).toString('hex')}`)
    const registered = await register(app, carol, 'chain-bound.latch.id', {
      address: account.address,
      sign: async (message) =>
        serializeErc6492Signature({
          address: create2Deployer,
          data: account.factoryData,
          signature: await carol.sign({ hash: hashMessage(message) }),
        }),
    })
    expect(registered.status).toBe(201)
    const onDevnet = await get(app, 'account/chain-bound.latch.id?chainId=31337')
    expect(onDevnet.status).toBe(200)
    expect(onDevnet.body.addresses).toEqual({
      [String(devnetCoinType)]: { address: account.address, created: expect.any(String) },
    })
    // The same address on another chain may be someone else's account: no address there.
    expect({
      base: errorOf(await get(app, 'account/chain-bound.latch.id?chainId=8453')),
      mainnet: errorOf(await get(app, 'account/chain-bound.latch.id?chainId=1')),
    }).toEqual({
      base: '404 Name "chain-bound.latch.id" has no address on chain eip155:8453.',
      mainnet: '404 Name "chain-bound.latch.id" has no address on chain eip155:1.',
    })
    // An EOA's key signs on every chain: its name resolves everywhere.
    const eoa = privateKeyToAccount(generatePrivateKey())
    await register(app, eoa, 'everywhere-eoa.latch.id')
    const onBase = await get(app, 'account/everywhere-eoa.latch.id?chainId=8453')
    expect(onBase.status).toBe(200)
    expect(onBase.body.addresses['60']).toEqual({
      address: eoa.address,
      created: expect.any(String),
    })
    expect(errorOf(await get(app, 'account/everywhere-eoa.latch.id?chainId=0x1'))).toBe(
      '400 chainId must be a chain id like 8453.',
    )
  })

  test('registering it again from another chain adds that chain', async () => {
    const base = await startTestAnvil({ chainId: 8453 })
    try {
      const baseNetwork = { ...network, id: 8453, name: 'Base anvil', rpcUrl: base.rpcUrl }
      const twoChains = createChainClients([network, baseNetwork], {
        timeout: 2_000,
        retryCount: 0,
      })
      const app = profileApp(context.db, { clients: twoChains })
      // A counterfactual account: the same factory call gives it the same address on both.
      const account = smartAccountOf(carol.address, `0x${randomBytes(32).toString('hex')}`)
      const sign = async (message: string) =>
        serializeErc6492Signature({
          address: create2Deployer,
          data: account.factoryData,
          signature: await carol.sign({ hash: hashMessage(message) }),
        })
      const options = { address: account.address, sign }
      expect((await register(app, carol, 'two-chains.latch.id', options)).status).toBe(201)
      expect((await get(app, 'account/two-chains.latch.id?chainId=8453')).status).toBe(404)

      const again = await register(app, carol, 'two-chains.latch.id', {
        ...options,
        coinType: toNameCoinType(8453),
      })
      expect(again.status).toBe(200)
      expect(again.body.addresses).toEqual({
        [String(devnetCoinType)]: { address: account.address, created: expect.any(String) },
        [String(toNameCoinType(8453))]: { address: account.address, created: expect.any(String) },
      })
      expect((await get(app, 'account/two-chains.latch.id?chainId=8453')).status).toBe(200)
      expect((await get(app, 'account/two-chains.latch.id?chainId=10')).status).toBe(404)
    } finally {
      await base.stop()
    }
  })

  test('identity shows the newest name at once after registering', async () => {
    const app = profileApp(context.db)
    const identity = () => json(app.request(`/v1/identity/${carol.address}?projectId=${projectId}`))
    expect((await identity()).body).toEqual({ name: null, avatar: null })
    await register(app, carol, 'carol.latch.id')
    expect((await identity()).body).toEqual({ name: 'carol.latch.id', avatar: null })
    await register(app, carol, 'carol-newer.latch.id')
    expect((await identity()).body).toEqual({ name: 'carol-newer.latch.id', avatar: null })
  })
})

describe('LATCH_NAME_SUFFIX', () => {
  test('is a domain, read in lower case without a leading dot', () => {
    expect(parseEnv({}, { LATCH_NAME_SUFFIX: '.Example.ETH' }).LATCH_NAME_SUFFIX).toBe(
      'example.eth',
    )
    expect(parseEnv({}, {}).LATCH_NAME_SUFFIX).toBeUndefined()
    for (const bad of ['bad suffix', 'a..b', '-a.id'])
      expect(() => parseEnv({}, { LATCH_NAME_SUFFIX: bad })).toThrow(InvalidEnvError)
  })
})
