import {
  createTestSiwxApi,
  testSiwxApiUrl,
  testSiwxOrigin,
  testSiwxProjectId,
} from '@latch/api/testing/createTestSiwxApi.ts'
import type { DevnetSolana } from '@latch/api-contract'
import {
  createBitcoinTestWallet,
  createSolanaTestWallet,
  type StartTestSolanaReturnType,
  startTestRelay,
  startTestSolana,
} from '@latch/test'
import {
  address,
  createKeyPairFromBytes,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  partiallySignTransaction,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
} from '@solana/wallet-standard-features'
import type { WalletAccount } from '@wallet-standard/base'
import type { StandardConnectFeature } from '@wallet-standard/features'
import { SignClient } from '@walletconnect/sign-client'
import { Verifier } from 'bip322-js'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { connect } from '../actions/connect.ts'
import { disconnect } from '../actions/disconnect.ts'
import { reconnect } from '../actions/reconnect.ts'
import { sendTransfer } from '../actions/sendTransfer.ts'
import { signMessage } from '../actions/signMessage.ts'
import { switchNetwork } from '../actions/switchNetwork.ts'
import { createLatchConfig, type LatchConfig } from '../createLatchConfig.ts'
import { createSignInFlow } from '../siwe/createSignInFlow.ts'
import { createTestStorage } from '../testing/createFakeConnector.ts'
import { testPrivateKey } from '../testing/createFakeLatchApi.ts'
import type {
  LatchBitcoinNetwork,
  LatchNetwork,
  LatchSolanaNetwork,
} from '../webConfig/parseLatchWebConfig.ts'
import { walletConnect } from './walletConnect.ts'
import { getNamespaceProposals, toBase64Signature } from './walletConnectNamespace.ts'

type Relay = Awaited<ReturnType<typeof startTestRelay>>

/** Relay round trips on a loaded machine: up to 10 s. */
const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000 })
type Wallet = Awaited<ReturnType<typeof SignClient.init>>

const projectId = 'c'.repeat(32)
const evm: LatchNetwork = {
  id: 31337,
  name: 'Latch Devnet',
  caipNetworkId: 'eip155:31337',
  rpcUrl: 'http://127.0.0.1:1',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}
const evmAccount = privateKeyToAccount(testPrivateKey)
const regtest: LatchBitcoinNetwork = {
  namespace: 'bip122',
  reference: '0f9188f13cb7b2c71f2a335e3a4fc328',
  name: 'Regtest',
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  network: 'regtest',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
}
const bitcoinWallet = createBitcoinTestWallet({ name: 'Phone', chains: ['bitcoin:regtest'] })
/** Which namespaces the phone approves: all it is offered, or one alone. */
let approves: 'all' | 'solana' | 'bip122' = 'all'
/** The Bitcoin methods the phone approves (all the page asks for by default). */
let bitcoinMethods: string[] | undefined
/** The Solana methods the phone approves (all the page asks for by default). */
let solanaMethods: string[] | undefined

let relay: Relay
let solana: StartTestSolanaReturnType
let manifest: DevnetSolana
let network: LatchSolanaNetwork
let wallet: Wallet
let solanaWallet: Awaited<ReturnType<typeof createSolanaTestWallet>>
/** The methods the page sent to the wallet, in order. */
const requests: string[] = []

/**
 * A phone wallet in Node: a real sign client on the local relay approving eip155 and solana,
 * answering solana_signMessage and solana_signAndSendTransaction with a funded test key.
 */
async function startWallet(): Promise<Wallet> {
  const client = await SignClient.init({
    projectId,
    relayUrl: relay.url,
    customStoragePrefix: `latch-wc-namespace-wallet-${process.pid}-${Date.now()}`,
    telemetryEnabled: false,
    logger: 'error',
    metadata: { name: 'Namespace Wallet', description: 'Test', url: 'http://127.0.0.1', icons: [] },
  })
  const features = solanaWallet.wallet.features as Partial<
    StandardConnectFeature & SolanaSignMessageFeature & SolanaSignAndSendTransactionFeature
  >
  const { accounts } = (await features['standard:connect']?.connect()) ?? { accounts: [] }
  const account = accounts[0] as WalletAccount
  client.on('session_proposal', async ({ id, params }) => {
    const solanaProposal = approves === 'bip122' ? undefined : params.optionalNamespaces.solana
    const bitcoinProposal = approves === 'solana' ? undefined : params.optionalNamespaces.bip122
    const { acknowledged } = await client.approve({
      id,
      namespaces: {
        ...(approves === 'all' && {
          eip155: {
            chains: [evm.caipNetworkId],
            methods: ['personal_sign', 'eth_sendTransaction'],
            events: ['chainChanged', 'accountsChanged'],
            accounts: [`${evm.caipNetworkId}:${evmAccount.address}`],
          },
        }),
        ...(bitcoinProposal && {
          bip122: {
            chains: bitcoinProposal.chains ?? [],
            methods: bitcoinMethods ?? bitcoinProposal.methods,
            events: bitcoinProposal.events,
            accounts: (bitcoinProposal.chains ?? []).map(
              (chain) => `${chain}:${bitcoinWallet.payment}`,
            ),
          },
        }),
        ...(solanaProposal && {
          solana: {
            chains: solanaProposal.chains ?? [],
            methods: solanaMethods ?? solanaProposal.methods,
            events: solanaProposal.events,
            accounts: (solanaProposal.chains ?? []).map(
              (chain) => `${chain}:${solanaWallet.address}`,
            ),
          },
        }),
      },
    })
    await acknowledged()
  })
  client.on('session_request', async ({ topic, id, params }) => {
    const { method } = params.request
    const input = params.request.params as Record<string, string>
    requests.push(method)
    let result: unknown
    if (method === 'solana_signMessage') {
      const message = new Uint8Array(getBase58Encoder().encode(input.message as string))
      const [output] =
        (await features['solana:signMessage']?.signMessage({ account, message })) ?? []
      result = { signature: getBase58Decoder().decode(output?.signature ?? new Uint8Array()) }
    } else if (method === 'solana_signAndSendTransaction') {
      const transaction = new Uint8Array(Buffer.from(input.transaction as string, 'base64'))
      const [output] =
        (await features['solana:signAndSendTransaction']?.signAndSendTransaction({
          account,
          chain: params.chainId as `${string}:${string}`,
          transaction,
        })) ?? []
      result = { signature: getBase58Decoder().decode(output?.signature ?? new Uint8Array()) }
    } else if (method === 'solana_signTransaction') {
      // Signs only (as a wallet without signAndSend would): the page sends it.
      const keyPair = await createKeyPairFromBytes(
        getBase58Encoder().encode((manifest.accounts[1] as { secretKey: string }).secretKey),
      )
      const transaction = getTransactionDecoder().decode(
        getBase64Encoder().encode(input.transaction as string),
      )
      const signed = await partiallySignTransaction([keyPair], transaction)
      const signature = signed.signatures[address(solanaWallet.address)]
      result = { signature: getBase58Decoder().decode(signature ?? new Uint8Array()) }
    } else if (method === 'getAccountAddresses') {
      // As the WalletConnect Bitcoin RPC answers: the first external address, then ordinals.
      result = [
        { address: bitcoinWallet.payment, intention: 'payment' },
        { address: bitcoinWallet.ordinals, intention: 'ordinal' },
      ]
    } else if (method === 'signMessage') {
      const feature = bitcoinWallet.wallet.features['bitcoin:signMessage'] as {
        signMessage(input: { address: string; message: string }): Promise<{ signature: string }>
      }
      const { signature } = await feature.signMessage({
        address: input.address as string,
        message: input.message as string,
      })
      // WalletConnect wallets answer the signature in hex.
      result = {
        address: input.address,
        signature: Buffer.from(signature, 'base64').toString('hex'),
      }
    } else {
      await client.respond({
        topic,
        response: { id, jsonrpc: '2.0', error: { code: 4200, message: 'Unsupported.' } },
      })
      return
    }
    await client.respond({ topic, response: { id, jsonrpc: '2.0', result } })
  })
  return client
}

function createConfig(
  networks: (LatchNetwork | LatchSolanaNetwork | LatchBitcoinNetwork)[],
  reload?: { storagePrefix: string; storage: ReturnType<typeof createTestStorage> },
  api?: Awaited<ReturnType<typeof createTestSiwxApi>>,
) {
  const storagePrefix =
    reload?.storagePrefix ?? `latch-wc-namespace-page-${process.pid}-${Date.now()}`
  const connector = walletConnect({
    projectId,
    relayUrl: relay.url,
    networks,
    metadata: { name: 'Latch', description: 'Latch', url: 'http://localhost', icons: [] },
    storagePrefix,
  })
  const storage = reload?.storage ?? createTestStorage()
  const config = createLatchConfig({
    networks,
    apiUrl: api ? testSiwxApiUrl : 'http://api.test',
    projectId: api ? testSiwxProjectId : 'p',
    connectors: [connector],
    storage,
    ...(api && { fetch: api.fetchFn }),
  })
  return Object.assign(config, { storagePrefix, testStorage: storage })
}

/** Connects the page through WalletConnect, the wallet pairing with the URI it shows. */
async function connectThroughWalletConnect(config: LatchConfig) {
  const stop = config.subscribe((state) => {
    if (!state.pairingUri) return
    stop()
    void wallet.core.pairing.pair({ uri: state.pairingUri })
  })
  await connect(config, { connectorId: 'walletConnect' })
}

beforeAll(async () => {
  relay = await startTestRelay()
  solana = await startTestSolana()
  manifest = solana.manifest
  network = {
    namespace: 'solana',
    reference: manifest.caipNetworkId.slice('solana:'.length),
    name: manifest.name,
    caipNetworkId: manifest.caipNetworkId as `solana:${string}`,
    rpcUrl: manifest.rpcUrl,
    nativeCurrency: manifest.nativeCurrency,
  }
  solanaWallet = await createSolanaTestWallet({
    name: 'Phone',
    chains: [network.caipNetworkId],
    secretKey: (manifest.accounts[1] as { secretKey: string }).secretKey,
    rpcUrl: manifest.rpcUrl,
  })
  wallet = await startWallet()
}, 60_000)

afterAll(async () => {
  await wallet?.core.relayer.transportClose().catch(() => {})
  await solana?.stop()
  await relay?.stop()
})

describe('getNamespaceProposals', () => {
  it('proposes solana and bip122 with their methods and CAIP-2 chains only when the app has them', () => {
    expect(getNamespaceProposals([evm])).toEqual({})
    const bitcoin = {
      namespace: 'bip122' as const,
      reference: '0f9188f13cb7b2c71f2a335e3a4fc328',
      name: 'Regtest',
      caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' as const,
      network: 'regtest' as const,
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    }
    const namespaces = getNamespaceProposals([evm, network, bitcoin])
    expect(namespaces.solana).toEqual({
      chains: [network.caipNetworkId],
      methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
      events: ['accountsChanged'],
      rpcMap: { [network.reference]: manifest.rpcUrl },
    })
    expect(namespaces.bip122).toEqual({
      chains: [bitcoin.caipNetworkId],
      methods: ['signMessage', 'sendTransfer', 'getAccountAddresses'],
      events: ['accountsChanged', 'bip122_addressesChanged'],
    })
  })
})

describe('a WalletConnect session with eip155 and solana (local relay)', () => {
  it('fills both namespaces, signs a Solana message that verifies, sends SOL, and ends both on disconnect', async () => {
    const config = createConfig([evm, network])
    await connectThroughWalletConnect(config)
    await waitFor(() => expect(config.getState().namespaces.solana).toBeDefined())
    const [session] = wallet.session.getAll()
    expect(session?.namespaces.solana?.methods).toEqual([
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAndSendTransaction',
    ])
    const state = config.getState()
    expect(state).toMatchObject({ activeNamespace: 'eip155', address: evmAccount.address })
    expect(state.namespaces.solana).toMatchObject({
      connectorId: 'walletConnect',
      address: solanaWallet.address,
      addresses: [solanaWallet.address],
      caipNetworkId: network.caipNetworkId,
    })

    const message = 'Sign in to Latch over WalletConnect'
    const signed = await signMessage(config, { message, namespace: 'solana' })
    expect(signed).toMatchObject({ namespace: 'solana', address: solanaWallet.address })
    const publicKey = await getPublicKeyFromAddress(address(solanaWallet.address))
    const bytes = new TextEncoder().encode(message)
    const signature = getBase58Encoder().encode(signed.signature) as SignatureBytes
    await expect(verifySignature(publicKey, signature, bytes)).resolves.toBe(true)
    await expect(
      verifySignature(publicKey, signature, new TextEncoder().encode(`${message}!`)),
    ).resolves.toBe(false)

    // Solana made active, then a send signed and sent by the phone.
    await switchNetwork(config, { caipNetworkId: network.caipNetworkId })
    expect(config.getState()).toMatchObject({
      activeNamespace: 'solana',
      address: solanaWallet.address,
    })
    const receiver = (await generateKeyPairSigner()).address
    const receipt = await sendTransfer(config, {
      to: receiver,
      token: { address: `${network.caipNetworkId}:native` },
      amount: 5_000_000n,
    })
    const rpc = createSolanaRpc(manifest.rpcUrl)
    expect((await rpc.getBalance(receiver).send()).value).toBe(5_000_000n)
    expect(receipt.hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(requests).toEqual(['solana_signMessage', 'solana_signAndSendTransaction'])

    await disconnect(config)
    expect(config.getState().namespaces).toEqual({})
    await waitFor(() => expect(wallet.session.getAll()).toHaveLength(0))
    config.destroy()
  })

  it('disconnecting the Solana side ends the session, so the EVM side goes too', async () => {
    const config = createConfig([evm, network])
    await connectThroughWalletConnect(config)
    await waitFor(() => expect(config.getState().namespaces.solana).toBeDefined())
    await disconnect(config, { namespace: 'solana' })
    await waitFor(() => expect(config.getState().namespaces).toEqual({}))
    expect(config.getState().status).toBe('disconnected')
    await waitFor(() => expect(wallet.session.getAll()).toHaveLength(0))
    config.destroy()
  })

  it('ends the Solana side with the session when the wallet deletes it', async () => {
    const config = createConfig([evm, network])
    await connectThroughWalletConnect(config)
    await waitFor(() => expect(config.getState().namespaces.solana).toBeDefined())
    const [session] = wallet.session.getAll()
    await wallet.disconnect({
      topic: session?.topic as string,
      reason: { code: 6000, message: 'User disconnected.' },
    })
    await waitFor(() => expect(config.getState().namespaces).toEqual({}))
    expect(config.getState().status).toBe('disconnected')
    config.destroy()
  })

  it('a Solana-only phone wallet connects: Solana active, no EVM account, signs and sends; its events and the session end follow', async () => {
    approves = 'solana'
    try {
      const config = createConfig([evm, network])
      await connectThroughWalletConnect(config)
      const [session] = wallet.session.getAll()
      expect(Object.keys(session?.namespaces ?? {})).toEqual(['solana'])
      const state = config.getState()
      expect(state).toMatchObject({
        status: 'connected',
        activeNamespace: 'solana',
        connectorId: 'walletConnect',
        address: solanaWallet.address,
        caipNetworkId: network.caipNetworkId,
      })
      expect(state.namespaces.eip155).toBeUndefined()
      expect(config.storage.getConnectedConnectorIds()).toEqual({ eip155: 'walletConnect' })

      const message = 'Sign in with Solana over WalletConnect'
      const signed = await signMessage(config, { message })
      const publicKey = await getPublicKeyFromAddress(address(solanaWallet.address))
      const signature = getBase58Encoder().encode(signed.signature) as SignatureBytes
      await expect(
        verifySignature(publicKey, signature, new TextEncoder().encode(message)),
      ).resolves.toBe(true)
      const receiver = (await generateKeyPairSigner()).address
      await sendTransfer(config, {
        to: receiver,
        token: { address: `${network.caipNetworkId}:native` },
        amount: 3_000_000n,
      })
      const rpc = createSolanaRpc(manifest.rpcUrl)
      expect((await rpc.getBalance(receiver).send()).value).toBe(3_000_000n)

      // The wallet switches accounts: the page follows; the EVM side stays empty.
      const next = (await generateKeyPairSigner()).address
      await wallet.emit({
        topic: session?.topic as string,
        chainId: network.caipNetworkId,
        event: { name: 'accountsChanged', data: [`${network.caipNetworkId}:${next}`] },
      })
      await waitFor(() => expect(config.getState().address).toBe(next))
      expect(config.getState().namespaces.eip155).toBeUndefined()

      // A reload restores the Solana-only session from storage, without the phone.
      const reloaded = createConfig([evm, network], {
        storagePrefix: config.storagePrefix,
        storage: config.testStorage,
      })
      const stop = reconnect(reloaded)
      await waitFor(() =>
        expect(reloaded.getState()).toMatchObject({
          status: 'connected',
          activeNamespace: 'solana',
          address: solanaWallet.address,
        }),
      )
      stop()
      reloaded.destroy()

      await wallet.disconnect({
        topic: session?.topic as string,
        reason: { code: 6000, message: 'User disconnected.' },
      })
      await waitFor(() => expect(config.getState().status).toBe('disconnected'))
      expect(config.getState().namespaces).toEqual({})
      expect(config.storage.getConnectedConnectorIds()).toEqual({})
      config.destroy()
    } finally {
      approves = 'all'
    }
  })

  it('a wallet offering solana_signTransaction only signs; the page sends what it signed to the network', async () => {
    approves = 'solana'
    solanaMethods = ['solana_signMessage', 'solana_signTransaction']
    try {
      const config = createConfig([evm, network])
      await connectThroughWalletConnect(config)
      const before = requests.length
      const receiver = (await generateKeyPairSigner()).address
      const receipt = await sendTransfer(config, {
        to: receiver,
        token: { address: `${network.caipNetworkId}:native` },
        amount: 2_000_000n,
      })
      const rpc = createSolanaRpc(manifest.rpcUrl)
      expect((await rpc.getBalance(receiver).send()).value).toBe(2_000_000n)
      expect(receipt.hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
      expect(requests.slice(before)).toEqual(['solana_signTransaction'])
      await disconnect(config)
      config.destroy()
    } finally {
      approves = 'all'
      solanaMethods = undefined
    }
  })

  it('a Bitcoin-only phone wallet connects with its payment and ordinals addresses and signs in BIP-322 (hex answered, base64 kept)', async () => {
    approves = 'bip122'
    try {
      const config = createConfig([evm, regtest])
      await connectThroughWalletConnect(config)
      expect(config.getState()).toMatchObject({
        status: 'connected',
        activeNamespace: 'bip122',
        address: bitcoinWallet.payment,
      })
      // getAccountAddresses, asked in the background, adds the ordinals address.
      await waitFor(() =>
        expect(config.getState().namespaces.bip122?.accounts).toEqual([
          { address: bitcoinWallet.payment, publicKey: '', purpose: 'payment' },
          { address: bitcoinWallet.ordinals, publicKey: '', purpose: 'ordinals' },
        ]),
      )
      expect(config.getState().address).toBe(bitcoinWallet.payment)
      const message = 'Sign in with Bitcoin over WalletConnect'
      const signed = await signMessage(config, { message })
      expect(signed.address).toBe(bitcoinWallet.payment)
      expect(signed.signature).toMatch(/^[A-Za-z0-9+/]+={0,2}$/)
      expect(Verifier.verifySignature(bitcoinWallet.payment, message, signed.signature)).toBe(true)
      expect(Verifier.verifySignature(bitcoinWallet.payment, `${message}!`, signed.signature)).toBe(
        false,
      )
      await disconnect(config)
      expect(config.getState().status).toBe('disconnected')
      await waitFor(() => expect(wallet.session.getAll()).toHaveLength(0))
      config.destroy()
    } finally {
      approves = 'all'
    }
  })

  it('a Bitcoin wallet that approved neither getAccountAddresses nor signMessage keeps the session address, and signing is refused before the phone', async () => {
    approves = 'bip122'
    bitcoinMethods = ['sendTransfer']
    try {
      const config = createConfig([evm, regtest])
      const before = requests.length
      await connectThroughWalletConnect(config)
      expect(config.getState().namespaces.bip122?.accounts).toEqual([
        { address: bitcoinWallet.payment, publicKey: '', purpose: 'payment' },
      ])
      await expect(signMessage(config, { message: 'hello' })).rejects.toThrow(
        /did not approve signMessage/,
      )
      expect(requests.length).toBe(before)
      await disconnect(config)
      config.destroy()
    } finally {
      approves = 'all'
      bitcoinMethods = undefined
    }
  })

  it('Solana-only and Bitcoin-only phone wallets sign in (CAIP-122): the real API verifies ed25519 and BIP-322', {
    timeout: 60_000,
  }, async () => {
    const api = await createTestSiwxApi({
      solana: { caipNetworkId: network.caipNetworkId },
      bitcoin: { caipNetworkId: regtest.caipNetworkId, network: 'regtest' },
    })
    const domain = new URL(testSiwxOrigin).host
    try {
      for (const [mode, networks, signer] of [
        ['solana', [evm, network], solanaWallet.address],
        ['bip122', [evm, regtest], bitcoinWallet.payment],
      ] as const) {
        approves = mode
        const config = createConfig([...networks], undefined, api)
        await connectThroughWalletConnect(config)
        const flow = createSignInFlow(config, { domain, uri: testSiwxOrigin, appName: 'Latch' })
        await flow.prepare()
        expect(flow.getState().message).toContain(
          `wants you to sign in with your ${mode === 'solana' ? 'Solana' : 'Bitcoin'} account:\n${signer}`,
        )
        await flow.signIn()
        expect(flow.getState()).toMatchObject({
          status: 'signedIn',
          session: { address: signer, chainId: networks[1].caipNetworkId },
        })
        await disconnect(config)
        config.destroy()
      }
    } finally {
      approves = 'all'
      await api.stop()
    }
  })

  it('an app without Solana networks proposes eip155 only, and no Solana connection comes', async () => {
    const config = createConfig([evm])
    await connectThroughWalletConnect(config)
    const [session] = wallet.session.getAll()
    expect(Object.keys(session?.namespaces ?? {})).toEqual(['eip155'])
    expect(config.getState().namespaces.solana).toBeUndefined()
    await disconnect(config)
    config.destroy()
  })
})

describe('toBase64Signature', () => {
  it('reads a hex or base64 signature as base64, and nothing else', () => {
    expect(toBase64Signature('0102ff')).toBe('AQL/')
    expect(toBase64Signature('AQL/')).toBe('AQL/')
    expect(toBase64Signature('not a signature')).toBeUndefined()
    expect(toBase64Signature('abc')).toBeUndefined()
    expect(toBase64Signature(42)).toBeUndefined()
    expect(toBase64Signature('')).toBeUndefined()
  })
})
