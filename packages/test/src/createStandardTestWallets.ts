import * as ecc from '@bitcoinerlab/secp256k1'
import type { BitcoinAddress, BitcoinWalletFeatures } from '@latch/core'
import {
  createKeyPairFromBytes,
  createSolanaRpc,
  generateKeyPair,
  getAddressFromPublicKey,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  partiallySignTransaction,
  signBytes,
} from '@solana/kit'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { Signer } from 'bip322-js'
import * as bitcoin from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'

const icon = 'data:image/svg+xml;base64,PHN2Zy8+' as const
const rejection = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

/** Accounts, `standard:events` and the person's answer, shared by both test wallets. */
function createWalletCore() {
  let accounts: WalletAccount[] = []
  /** Whether the page was allowed (kept across a reload, as a wallet's own storage keeps it). */
  let authorized = false
  let rejectNext = false
  const listeners = new Set<(properties: { accounts?: readonly WalletAccount[] }) => void>()
  return {
    get accounts() {
      return accounts
    },
    get authorized() {
      return authorized
    },
    setAccounts(next: WalletAccount[]) {
      accounts = next
      authorized = next.length > 0
      for (const listener of listeners) listener({ accounts })
    },
    /**
     * The page reloads: the wallet lists no accounts until asked again, but still knows the
     * page is allowed (a silent connect answers without a prompt).
     */
    reload() {
      accounts = []
    },
    /** The person declines the next prompt. */
    rejectNextPrompt() {
      rejectNext = true
    },
    prompt() {
      if (!rejectNext) return
      rejectNext = false
      throw rejection()
    },
    events: {
      'standard:events': {
        version: '1.0.0' as const,
        on: (
          _event: 'change',
          listener: (properties: { accounts?: readonly WalletAccount[] }) => void,
        ) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
    },
  }
}

/**
 * A Wallet Standard Solana wallet holding an ed25519 key (`@solana/kit`; fresh, or a funded
 * test key's base58 `secretKey`), for tests: it lists `chains`, connects (prompting unless
 * silent and already authorized), signs messages for real and can disconnect the page from
 * its side. With `rpcUrl` it also signs and sends transactions to that node
 * (`solana:signAndSendTransaction`), answering the signature once the node accepted it.
 */
export async function createSolanaTestWallet(parameters: {
  name: string
  chains: string[]
  secretKey?: string | undefined
  rpcUrl?: string | undefined
}) {
  const keyPair = parameters.secretKey
    ? await createKeyPairFromBytes(getBase58Encoder().encode(parameters.secretKey))
    : await generateKeyPair()
  const address = await getAddressFromPublicKey(keyPair.publicKey)
  const rpc = parameters.rpcUrl ? createSolanaRpc(parameters.rpcUrl) : undefined
  /** Every transaction the wallet signed and sent, as the node got it. */
  const sent: string[] = []
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey))
  const core = createWalletCore()
  const account: WalletAccount = {
    address,
    publicKey,
    chains: parameters.chains as WalletAccount['chains'],
    features: rpc
      ? ['solana:signMessage', 'solana:signAndSendTransaction']
      : ['solana:signMessage'],
  }
  const wallet: Wallet = {
    version: '1.0.0',
    name: parameters.name,
    icon,
    chains: parameters.chains as Wallet['chains'],
    get accounts() {
      return core.accounts
    },
    features: {
      ...core.events,
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          if (input?.silent) {
            if (core.authorized && core.accounts.length === 0) core.setAccounts([account])
            return { accounts: core.accounts }
          }
          core.prompt()
          core.setAccounts([account])
          return { accounts: core.accounts }
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => core.setAccounts([]) },
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: async (...inputs: { account: WalletAccount; message: Uint8Array }[]) => {
          core.prompt()
          return Promise.all(
            inputs.map(async (input) => {
              if (input.account.address !== address) throw new Error('Unknown account.')
              const signature = await signBytes(keyPair.privateKey, input.message)
              return { signedMessage: input.message, signature: new Uint8Array(signature) }
            }),
          )
        },
      },
      ...(rpc && {
        'solana:signAndSendTransaction': {
          version: '1.0.0',
          supportedTransactionVersions: ['legacy', 0],
          signAndSendTransaction: async (
            ...inputs: { account: WalletAccount; chain: string; transaction: Uint8Array }[]
          ) => {
            core.prompt()
            const outputs = []
            for (const input of inputs) {
              if (input.account.address !== address) throw new Error('Unknown account.')
              if (!(parameters.chains as string[]).includes(input.chain))
                throw new Error(`Not on ${input.chain}.`)
              const transaction = getTransactionDecoder().decode(input.transaction)
              const signed = await partiallySignTransaction([keyPair], transaction)
              const wire = getBase64EncodedWireTransaction(signed)
              const signature = await rpc
                .sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' })
                .send({ abortSignal: AbortSignal.timeout(10_000) })
              sent.push(wire)
              outputs.push({ signature: new Uint8Array(getBase58Encoder().encode(signature)) })
            }
            return outputs
          },
        },
      }),
    },
  }
  return { wallet, address, publicKey: keyPair.publicKey, core, sent }
}

/**
 * A Wallet Standard Bitcoin wallet (`bitcoin:*` features of `bitcoinFeatures.ts`) with a
 * P2WPKH payment key and a P2TR ordinals key (bitcoinjs-lib, ecpair), signing BIP-322
 * messages with bip322-js. Its addresses are regtest ones unless `addressNetwork` says
 * otherwise (a wallet answering mainnet addresses while listing `bitcoin:regtest`, say).
 */
export function createBitcoinTestWallet(parameters: {
  name: string
  chains: string[]
  addressNetwork?: 'mainnet' | 'testnet' | 'regtest' | undefined
}) {
  bitcoin.initEccLib(ecc)
  const network = {
    mainnet: bitcoin.networks.bitcoin,
    testnet: bitcoin.networks.testnet,
    regtest: bitcoin.networks.regtest,
  }[parameters.addressNetwork ?? 'regtest']
  const ECPair = ECPairFactory(ecc)
  const paymentKey = ECPair.makeRandom({ network })
  const ordinalsKey = ECPair.makeRandom({ network })
  const payment = bitcoin.payments.p2wpkh({ pubkey: paymentKey.publicKey, network })
    .address as string
  const ordinals = bitcoin.payments.p2tr({
    internalPubkey: ordinalsKey.publicKey.slice(1, 33),
    network,
  }).address as string
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
  const addresses: BitcoinAddress[] = [
    {
      address: ordinals,
      publicKey: hex(ordinalsKey.publicKey.slice(1, 33)),
      purpose: 'ordinals',
      addressType: 'p2tr',
    },
    {
      address: payment,
      publicKey: hex(paymentKey.publicKey),
      purpose: 'payment',
      addressType: 'p2wpkh',
    },
  ]
  const wifs = new Map([
    [payment, paymentKey.toWIF()],
    [ordinals, ordinalsKey.toWIF()],
  ])
  const core = createWalletCore()
  const accounts: WalletAccount[] = addresses.map((entry) => ({
    address: entry.address,
    publicKey: Buffer.from(entry.publicKey, 'hex'),
    chains: parameters.chains as WalletAccount['chains'],
    features: ['bitcoin:signMessage'],
  }))
  const features: BitcoinWalletFeatures = {
    'bitcoin:connect': {
      version: '1.0.0',
      connect: async () => {
        core.prompt()
        core.setAccounts(accounts)
        return { addresses }
      },
    },
    'bitcoin:getAccountAddresses': {
      version: '1.0.0',
      getAccountAddresses: async () => {
        if (!core.authorized) throw rejection()
        if (core.accounts.length === 0) core.setAccounts(accounts)
        return { addresses }
      },
    },
    'bitcoin:signMessage': {
      version: '1.0.0',
      signMessage: async ({ address, message }) => {
        core.prompt()
        const wif = wifs.get(address)
        if (!wif) throw new Error('Unknown address.')
        const signature = Signer.sign(wif, address, message) as string
        return { signature, messageHash: '', address, protocol: 'BIP322' }
      },
    },
  }
  const wallet: Wallet = {
    version: '1.0.0',
    name: parameters.name,
    icon,
    chains: parameters.chains as Wallet['chains'],
    get accounts() {
      return core.accounts
    },
    features: {
      ...core.events,
      ...features,
      'standard:disconnect': { version: '1.0.0', disconnect: async () => core.setAccounts([]) },
    },
  }
  return { wallet, payment, ordinals, core }
}
