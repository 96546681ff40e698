import type { DevnetManifest } from '@latch/api-contract'
import {
  createSolanaTestWallet,
  createTestWallet,
  type Decision,
  toWalletRpcError,
} from '@latch/test'
import {
  type Address,
  createKeyPairFromBytes,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
} from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
} from '@solana/wallet-standard-features'
import type { WalletAccount } from '@wallet-standard/base'
import type { StandardConnectFeature } from '@wallet-standard/features'
import { SignClient } from '@walletconnect/sign-client'
import { buildAuthObject, populateAuthPayload } from '@walletconnect/utils'
import { type Hex, stringToHex } from 'viem'

type SignClientInstance = Awaited<ReturnType<typeof SignClient.init>>

const baseMethods = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sign',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
]
/** EIP-5792 and EIP-7811, approved only by a wallet made with `eip5792: true`. */
const eip5792Methods = [
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
  'wallet_getAssets',
]
const eip155Events = ['chainChanged', 'accountsChanged']

let instances = 0

/**
 * A mobile-wallet stand-in in Node: a real WalletConnect sign-client that pairs with the URI
 * the page shows and approves or rejects through the local relay. It answers one-click auth
 * (`wc_sessionAuthenticate`: approve the session and sign in at once) unless
 * `oneClickAuth: false`, when it behaves as a wallet without it and approves the session
 * proposal sent alongside.
 */
export async function createWalletConnectWallet(options: {
  manifest: DevnetManifest
  privateKey: Hex
  chainId?: number
  /** Default true. */
  oneClickAuth?: boolean
  /**
   * Answers EIP-5792 / EIP-7811 (the kit's test wallet with `eip5792`), approves those methods
   * and puts its capabilities, by address, in the session properties (as WalletKit wallets do).
   */
  eip5792?: boolean
  /** Extra session properties (`bundler_name`, `bundler_url`...). */
  sessionProperties?: Record<string, string>
  /**
   * Approves a proposed `solana` namespace on the devnet's Solana chain with this funded test
   * key (base58; default the manifest's first): solana_signMessage signs with it (@solana/kit),
   * solana_signAndSendTransaction signs and sends to the devnet's Solana node. Without a
   * manifest Solana chain, or `solana: false`, the wallet approves eip155 only.
   */
  solana?: { secretKey?: string } | false
  /**
   * The namespaces the wallet approves: default every one it can of the proposal; `['solana']`
   * is a Solana-only phone wallet (no EVM account in the session).
   */
  namespaces?: readonly ('eip155' | 'solana')[]
}) {
  const backend = createTestWallet({
    chains: options.manifest.chains,
    privateKey: options.privateKey,
    chainId: options.chainId,
    eip5792: options.eip5792 ?? false,
  })
  const eip155Methods = options.eip5792 ? [...baseMethods, ...eip5792Methods] : baseMethods
  const proposals: Decision[] = []
  instances += 1
  const client: SignClientInstance = await SignClient.init({
    projectId: options.manifest.projectId,
    relayUrl: options.manifest.relayUrl,
    customStoragePrefix: `latch-e2e-wallet-${process.pid}-${instances}-${Date.now()}`,
    telemetryEnabled: false,
    metadata: {
      name: 'Latch Test Mobile Wallet',
      description: 'WalletConnect test wallet for Latch browser tests',
      url: 'http://127.0.0.1',
      icons: [],
    },
  })

  const chains = options.manifest.chains.map((c) => `eip155:${c.id}`)
  const approves = options.namespaces ?? ['eip155', 'solana']
  const solana = await createSolanaSide(options.manifest, options.solana)

  /** `sessionProperties.capabilities`: `{ [address]: { [chainIdHex]: {...} } }` as JSON. */
  async function sessionProperties(): Promise<Record<string, string> | undefined> {
    const extra = options.sessionProperties ?? {}
    if (!options.eip5792) return Object.keys(extra).length > 0 ? extra : undefined
    const capabilities = await backend.request({
      method: 'wallet_getCapabilities',
      params: [backend.address],
    })
    return { ...extra, capabilities: JSON.stringify({ [backend.address]: capabilities }) }
  }

  client.on('session_proposal', async ({ id, params }) => {
    const decision = proposals.shift() ?? 'approve'
    if (decision === 'reject') {
      await client.reject({ id, reason: { code: 5000, message: 'User rejected.' } })
      return
    }
    const properties = await sessionProperties()
    const { acknowledged } = await client.approve({
      id,
      namespaces: {
        ...(approves.includes('eip155') && {
          eip155: {
            chains,
            methods: eip155Methods,
            events: eip155Events,
            accounts: chains.map((c) => `${c}:${backend.address}`),
          },
        }),
        ...(solana &&
        approves.includes('solana') &&
        params.optionalNamespaces.solana?.chains?.includes(solana.chain)
          ? {
              solana: {
                chains: [solana.chain],
                methods: params.optionalNamespaces.solana.methods.filter((method) =>
                  solanaMethods.includes(method),
                ),
                events: (params.optionalNamespaces.solana.events ?? []).filter(
                  (event) => event === 'accountsChanged',
                ),
                accounts: [`${solana.chain}:${solana.address}`],
              },
            }
          : {}),
      },
      ...(properties ? { sessionProperties: properties } : {}),
    })
    await acknowledged()
  })

  /** How many sign-ins were approved with the session (one-click auth). */
  let authentications = 0
  // A wallet listening for session_authenticate gets it instead of the session proposal.
  if (options.oneClickAuth !== false && approves.includes('eip155'))
    client.on('session_authenticate', async ({ id, params }) => {
      const decision = proposals.shift() ?? 'approve'
      if (decision === 'reject') {
        await client.rejectSessionAuthenticate({
          id,
          reason: { code: 5000, message: 'User rejected.' },
        })
        return
      }
      // As WalletKit wallets do: keep the chains and methods this wallet has, sign on the first.
      const authPayload = populateAuthPayload({
        authPayload: params.authPayload,
        chains,
        methods: eip155Methods,
      })
      const iss = `did:pkh:${authPayload.chains[0]}:${backend.address}`
      const message = client.formatAuthMessage({ request: authPayload, iss })
      const signature = (await backend.request({
        method: 'personal_sign',
        params: [stringToHex(message), backend.address],
      })) as string
      await client.approveSessionAuthenticate({
        id,
        auths: [buildAuthObject(authPayload, { t: 'eip191', s: signature }, iss)],
      })
      authentications += 1
    })

  /** The methods the page asked through the session, in order. */
  const requests: string[] = []
  client.on('session_request', async ({ topic, id, params }) => {
    const { request } = params
    requests.push(request.method)
    try {
      const result =
        solana && params.chainId.startsWith('solana:')
          ? await solana.request(request.method, request.params)
          : await backend.request({ method: request.method, params: request.params })
      await client.respond({ topic, response: { id, jsonrpc: '2.0', result } })
    } catch (error) {
      await client.respond({
        topic,
        response: { id, jsonrpc: '2.0', error: toWalletRpcError(error) },
      })
    }
  })

  return {
    address: backend.address,
    /** The Solana test key's address, when the wallet holds one. */
    solanaAddress: solana ? solana.address : undefined,
    backend,
    client,
    /** Methods the page asked through the session, in order. */
    requests,
    /** How many sign-ins were approved with a session (one-click auth). */
    authentications: () => authentications,
    /** The next session proposal (or one-click auth request) gets `decision`. */
    queueProposal(decision: Decision) {
      proposals.push(decision)
    },
    /** Pairs with a `wc:` URI, as scanning the page's QR code would. */
    async pair(uri: string) {
      await client.core.pairing.pair({ uri })
    },
    sessions() {
      return client.session.getAll()
    },
    async close() {
      for (const session of client.session.getAll()) {
        await client
          .disconnect({ topic: session.topic, reason: { code: 6000, message: 'Test done.' } })
          .catch(() => {})
      }
      await client.core.relayer.transportClose().catch(() => {})
    },
  }
}

export type WalletConnectWallet = Awaited<ReturnType<typeof createWalletConnectWallet>>

const solanaMethods = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
]

/** The wallet's Solana side: a funded devnet key behind the kit's Wallet Standard test wallet. */
async function createSolanaSide(
  manifest: DevnetManifest,
  option: { secretKey?: string } | false | undefined,
) {
  if (option === false || !manifest.solana) return undefined
  const secretKey = option?.secretKey ?? manifest.solana.accounts[0]?.secretKey
  const chain = manifest.solana.caipNetworkId
  if (!secretKey) throw new Error('The devnet manifest has no Solana test key.')
  const keyPair = await createKeyPairFromBytes(getBase58Encoder().encode(secretKey))
  const { wallet, address } = await createSolanaTestWallet({
    name: 'Latch Test Mobile Wallet',
    chains: [chain],
    secretKey,
    rpcUrl: manifest.solana.rpcUrl,
  })
  const features = wallet.features as Partial<
    StandardConnectFeature & SolanaSignMessageFeature & SolanaSignAndSendTransactionFeature
  >
  const connected = await features['standard:connect']?.connect()
  const account = connected?.accounts[0] as WalletAccount
  return {
    chain,
    address,
    /** Answers one WalletConnect Solana request as a phone wallet would. */
    async request(method: string, params: unknown): Promise<unknown> {
      const input = (params ?? {}) as Record<string, unknown>
      if (method === 'solana_signMessage') {
        if (input.pubkey !== address) throw new Error('Unknown account.')
        const message = new Uint8Array(getBase58Encoder().encode(String(input.message)))
        const [output] =
          (await features['solana:signMessage']?.signMessage({ account, message })) ?? []
        if (!output) throw new Error('Not signed.')
        return { signature: getBase58Decoder().decode(output.signature) }
      }
      if (method === 'solana_signTransaction') {
        // Signs without sending (the page sends it), with the same key through @solana/kit.
        const transaction = getTransactionDecoder().decode(
          getBase64Encoder().encode(String(input.transaction)),
        )
        const signed = await partiallySignTransaction([keyPair], transaction)
        const signature = signed.signatures[address as Address]
        if (!signature) throw new Error('Not signed: the transaction does not need this key.')
        return {
          signature: getBase58Decoder().decode(signature),
          transaction: getBase64Decoder().decode(getTransactionEncoder().encode(signed)),
        }
      }
      if (method === 'solana_signAndSendTransaction') {
        const transaction = new Uint8Array(getBase64Encoder().encode(String(input.transaction)))
        const [output] =
          (await features['solana:signAndSendTransaction']?.signAndSendTransaction({
            account,
            chain: chain as `${string}:${string}`,
            transaction,
          })) ?? []
        if (!output) throw new Error('Not sent.')
        return { signature: getBase58Decoder().decode(output.signature) }
      }
      throw Object.assign(new Error(`Unsupported method ${method}.`), { code: 4200 })
    },
  }
}
