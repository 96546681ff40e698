import type { DevnetSolana } from '@latch/api-contract'
import {
  createSolanaTestWallet,
  type StartTestSolanaReturnType,
  startTestRelay,
  startTestSolana,
} from '@latch/test'
import {
  address,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase58Encoder,
  getPublicKeyFromAddress,
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
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { connect } from '../actions/connect.ts'
import { disconnect } from '../actions/disconnect.ts'
import { sendTransfer } from '../actions/sendTransfer.ts'
import { signMessage } from '../actions/signMessage.ts'
import { switchNetwork } from '../actions/switchNetwork.ts'
import { createLatchConfig, type LatchConfig } from '../createLatchConfig.ts'
import { createTestStorage } from '../testing/createFakeConnector.ts'
import { testPrivateKey } from '../testing/createFakeLatchApi.ts'
import type { LatchNetwork, LatchSolanaNetwork } from '../webConfig/parseLatchWebConfig.ts'
import { walletConnect } from './walletConnect.ts'
import { getNamespaceProposals } from './walletConnectNamespace.ts'

type Relay = Awaited<ReturnType<typeof startTestRelay>>
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
    const solanaProposal = params.optionalNamespaces.solana
    const { acknowledged } = await client.approve({
      id,
      namespaces: {
        eip155: {
          chains: [evm.caipNetworkId],
          methods: ['personal_sign', 'eth_sendTransaction'],
          events: ['chainChanged', 'accountsChanged'],
          accounts: [`${evm.caipNetworkId}:${evmAccount.address}`],
        },
        ...(solanaProposal && {
          solana: {
            chains: solanaProposal.chains ?? [],
            methods: solanaProposal.methods,
            events: [],
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

function createConfig(networks: (LatchNetwork | LatchSolanaNetwork)[]) {
  const connector = walletConnect({
    projectId,
    relayUrl: relay.url,
    networks,
    metadata: { name: 'Latch', description: 'Latch', url: 'http://localhost', icons: [] },
    storagePrefix: `latch-wc-namespace-page-${process.pid}-${Date.now()}`,
  })
  return createLatchConfig({
    networks,
    apiUrl: 'http://api.test',
    projectId: 'p',
    connectors: [connector],
    storage: createTestStorage(),
  })
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
      events: [],
      rpcMap: { [network.reference]: manifest.rpcUrl },
    })
    expect(namespaces.bip122).toEqual({
      chains: [bitcoin.caipNetworkId],
      methods: ['signMessage', 'sendTransfer', 'getAccountAddresses'],
      events: [],
    })
  })
})

describe('a WalletConnect session with eip155 and solana (local relay)', () => {
  it('fills both namespaces, signs a Solana message that verifies, sends SOL, and ends both on disconnect', async () => {
    const config = createConfig([evm, network])
    await connectThroughWalletConnect(config)
    await vi.waitFor(() => expect(config.getState().namespaces.solana).toBeDefined())
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
    await vi.waitFor(() => expect(wallet.session.getAll()).toHaveLength(0))
    config.destroy()
  })

  it('disconnecting the Solana side ends the session, so the EVM side goes too', async () => {
    const config = createConfig([evm, network])
    await connectThroughWalletConnect(config)
    await vi.waitFor(() => expect(config.getState().namespaces.solana).toBeDefined())
    await disconnect(config, { namespace: 'solana' })
    await vi.waitFor(() => expect(config.getState().namespaces).toEqual({}))
    expect(config.getState().status).toBe('disconnected')
    await vi.waitFor(() => expect(wallet.session.getAll()).toHaveLength(0))
    config.destroy()
  })

  it('ends the Solana side with the session when the wallet deletes it', async () => {
    const config = createConfig([evm, network])
    await connectThroughWalletConnect(config)
    await vi.waitFor(() => expect(config.getState().namespaces.solana).toBeDefined())
    const [session] = wallet.session.getAll()
    await wallet.disconnect({
      topic: session?.topic as string,
      reason: { code: 6000, message: 'User disconnected.' },
    })
    await vi.waitFor(() => expect(config.getState().namespaces).toEqual({}))
    expect(config.getState().status).toBe('disconnected')
    config.destroy()
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
