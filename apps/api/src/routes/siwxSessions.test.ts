import * as ecc from '@bitcoinerlab/secp256k1'
import {
  apiErrorSchema,
  createSessionResponseSchema,
  nonceResponseSchema,
  revokeSessionMessage,
  sessionsResponseSchema,
} from '@latch/api-contract'
import { ed25519 } from '@noble/curves/ed25519'
import { getBase58Decoder } from '@solana/kit'
import { Signer } from 'bip322-js'
import { initEccLib, networks, payments } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import { beforeAll, expect, test } from 'vitest'
import { createApp } from '../app.ts'
import { forEachDatabase } from '../db/testing.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import type { BitcoinApiNetwork } from '../services/bitcoin/bitcoinNetwork.ts'
import { createGuardedFetch } from '../services/fetch/createGuardedFetch.ts'
import type { SolanaApiNetwork } from '../services/solana/solanaNetwork.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'

initEccLib(ecc)
const origin = 'http://localhost:4170'
const projectId = 'siwx-project'
const solana: SolanaApiNetwork = {
  namespace: 'solana',
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  rpcUrl: 'http://127.0.0.1:1',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  nativePriceUsd: 0,
  testnet: true,
  tokens: [],
}
const regtest: BitcoinApiNetwork = {
  namespace: 'bip122',
  id: '0f9188f13cb7b2c71f2a335e3a4fc328',
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  name: 'Bitcoin regtest',
  network: 'regtest',
  esploraUrl: 'http://127.0.0.1:1',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  nativePriceUsd: 0,
  testnet: true,
}

// Generated test keys, made fresh for each run.
const solanaKey = ed25519.utils.randomPrivateKey()
const solanaAddress = getBase58Decoder().decode(ed25519.getPublicKey(solanaKey))
const signSolana = (text: string) =>
  getBase58Decoder().decode(ed25519.sign(new TextEncoder().encode(text), solanaKey))
const bitcoinKey = ECPairFactory(ecc).makeRandom({ network: networks.regtest })
const bitcoinWif = bitcoinKey.toWIF()
const pubkey = Buffer.from(bitcoinKey.publicKey)
const payment = payments.p2wpkh({ pubkey, network: networks.regtest }).address ?? ''
const ordinals =
  payments.p2tr({ internalPubkey: pubkey.subarray(1), network: networks.regtest }).address ?? ''
const legacy = payments.p2pkh({ pubkey, network: networks.regtest }).address ?? ''
const mainnetPayment = payments.p2wpkh({ pubkey, network: networks.bitcoin }).address ?? ''

/** A CAIP-122 message as AppKit's SIWX writes it for a Solana or Bitcoin account. */
function writeMessage({
  word,
  address,
  chainId,
  nonce,
  issuedAt = new Date().toISOString(),
}: {
  word: 'Solana' | 'Bitcoin'
  address: string
  chainId: string
  nonce: string
  issuedAt?: string
}): string {
  return [
    `localhost:4170 wants you to sign in with your ${word} account:`,
    address,
    '',
    'Sign in to Latch.',
    '',
    `URI: ${origin}/account`,
    'Version: 1',
    `Chain ID: ${chainId}`,
    `Nonce: ${nonce}`,
    `Issued At: ${issuedAt}`,
  ].join('\n')
}

forEachDatabase('sign in with Solana and Bitcoin (CAIP-122)', (context) => {
  let app: ReturnType<typeof createApp>
  beforeAll(() => {
    app = createApp({
      networks: [],
      namespaces: {
        networks: { solana: [solana], bitcoin: [regtest] },
        fetch: createGuardedFetch({ allowPrivateHosts: true }),
      },
      projects: createMemoryProjectStore([
        { id: projectId, name: 'SIWX', allowedOrigins: ['http://localhost:*'] },
      ]),
      clients: new Map(),
      wallets: createMemoryWalletRegistryStore([]),
      cache: createMemoryCacheStore(),
      logger: createTestLogger().logger,
      db: context.db,
    })
  })
  const post = (path: string, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify(body),
    })
  const getNonce = async () =>
    nonceResponseSchema.parse(
      await (await post(`/v1/auth/nonce?projectId=${projectId}`, {})).json(),
    ).nonce
  const signIn = (message: string, signature: string) =>
    post(`/v1/sessions?projectId=${projectId}`, { message, signature })
  const errorOf = async (response: Response) => ({
    status: response.status,
    message: apiErrorSchema.parse(await response.json()).error.message,
  })

  test('Sign In With Solana: ed25519 over the message; listed and revoked by CAIP-10 account', async () => {
    const message = writeMessage({
      word: 'Solana',
      address: solanaAddress,
      chainId: solana.caipNetworkId,
      nonce: await getNonce(),
    })
    const response = await signIn(message, signSolana(message))
    expect(response.status).toBe(201)
    const { session } = createSessionResponseSchema.parse(await response.json())
    expect(session).toMatchObject({
      address: solanaAddress,
      chainId: solana.caipNetworkId,
      caipNetworkId: solana.caipNetworkId,
      domain: 'localhost:4170',
    })
    const account = `${solana.caipNetworkId}:${solanaAddress}`
    const listed = await app.request(`/v1/sessions/${account}?projectId=${projectId}`)
    expect(sessionsResponseSchema.parse(await listed.json()).sessions.map((s) => s.id)).toEqual([
      session.id,
    ])
    // A stranger's signature of the revocation text does nothing.
    const stranger = ed25519.utils.randomPrivateKey()
    const refused = await post(`/v1/sessions/${account}/revoke?projectId=${projectId}`, {
      pci: session.id,
      signature: getBase58Decoder().decode(
        ed25519.sign(new TextEncoder().encode(revokeSessionMessage(session.id)), stranger),
      ),
    })
    expect(refused.status).toBe(401)
    const revoked = await post(`/v1/sessions/${account}/revoke?projectId=${projectId}`, {
      pci: session.id,
      signature: signSolana(revokeSessionMessage(session.id)),
    })
    expect(await revoked.json()).toEqual({ revoked: true })
    const after = await app.request(`/v1/sessions/${account}?projectId=${projectId}`)
    expect(sessionsResponseSchema.parse(await after.json()).sessions).toEqual([])
  })

  test('a tampered Solana message or signature, or a bad address, is refused', async () => {
    const message = writeMessage({
      word: 'Solana',
      address: solanaAddress,
      chainId: solana.caipNetworkId,
      nonce: await getNonce(),
    })
    const signature = signSolana(message)
    expect(await errorOf(await signIn(message.replace('Latch', 'Latch!'), signature))).toEqual({
      status: 401,
      message: `The sign-in message is not signed by "${solanaAddress}".`,
    })
    expect(await errorOf(await signIn(message, 'zz'))).toMatchObject({ status: 400 })
    const badAddress = writeMessage({
      word: 'Solana',
      address: '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl',
      chainId: solana.caipNetworkId,
      nonce: await getNonce(),
    })
    expect(await errorOf(await signIn(badAddress, signature))).toEqual({
      status: 400,
      message: 'Invalid Solana address (base58, 32 bytes): "0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl".',
    })
    const mainnet = writeMessage({
      word: 'Solana',
      address: solanaAddress,
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      nonce: await getNonce(),
    })
    expect(await errorOf(await signIn(mainnet, signSolana(mainnet)))).toEqual({
      status: 400,
      message: 'Chain "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" is not supported.',
    })
  })

  test('Bitcoin: BIP-322 (P2WPKH, P2TR) and legacy (P2PKH) signatures sign in', async () => {
    for (const address of [payment, ordinals, legacy]) {
      const message = writeMessage({
        word: 'Bitcoin',
        address,
        chainId: regtest.caipNetworkId,
        nonce: await getNonce(),
      })
      const signature = String(Signer.sign(bitcoinWif, address, message))
      // The same signature over another text is refused first; the nonce is still unused.
      expect((await signIn(`${message}`.replace('Latch', 'Latch?'), signature)).status).toBe(401)
      const response = await signIn(message, signature)
      expect(response.status, address).toBe(201)
      const { session } = createSessionResponseSchema.parse(await response.json())
      expect(session).toMatchObject({ address, caipNetworkId: regtest.caipNetworkId })
    }
    const account = `${regtest.caipNetworkId}:${payment}`
    const listed = await app.request(`/v1/sessions/${account}?projectId=${projectId}`)
    expect(sessionsResponseSchema.parse(await listed.json()).sessions).toHaveLength(1)
  })

  test('a Bitcoin address of another network is refused in clear words', async () => {
    const message = writeMessage({
      word: 'Bitcoin',
      address: mainnetPayment,
      chainId: regtest.caipNetworkId,
      nonce: await getNonce(),
    })
    expect(await errorOf(await signIn(message, 'AAAA'))).toEqual({
      status: 400,
      message: 'This is a Bitcoin mainnet address; this network is regtest.',
    })
    const list = await app.request(
      `/v1/sessions/${regtest.caipNetworkId}:${mainnetPayment}?projectId=${projectId}`,
    )
    expect(await errorOf(list)).toEqual({
      status: 400,
      message: 'This is a Bitcoin mainnet address; this network is regtest.',
    })
  })

  test('a namespace without networks, or without code, is named', async () => {
    const unconfigured = createApp({
      networks: [],
      projects: createMemoryProjectStore([
        { id: projectId, name: 'SIWX', allowedOrigins: ['http://localhost:*'] },
      ]),
      clients: new Map(),
      wallets: createMemoryWalletRegistryStore([]),
      cache: createMemoryCacheStore(),
      logger: createTestLogger().logger,
      db: context.db,
    })
    const response = await unconfigured.request(
      `/v1/account/${solanaAddress}/balance?projectId=${projectId}&chainId=${solana.caipNetworkId}`,
      { headers: { Origin: origin } },
    )
    expect(await errorOf(response)).toEqual({
      status: 400,
      message:
        "Namespace 'solana' is not configured. Please call connect() first with namespace config.",
    })
    const cosmos = await app.request(
      `/v1/account/${solanaAddress}/balance?projectId=${projectId}&chainId=cosmos:cosmoshub-4`,
      { headers: { Origin: origin } },
    )
    expect(await errorOf(cosmos)).toEqual({ status: 400, message: 'Chain adapter not found' })
  })
})
