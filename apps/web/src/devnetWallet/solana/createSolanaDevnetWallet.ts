import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignMessageFeature,
  SolanaSignMessageInput,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput,
} from '@solana/wallet-standard-features'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import type { Described } from '../createConfirmDialog.ts'
import { createStandardWalletCore } from '../createStandardWalletCore.ts'
import { DevnetWalletRpcError } from '../DevnetWalletRpcError.ts'
import { walletStandardIcon, walletStandardName } from '../walletStandardIcon.ts'
import type { SolanaDevnetSigner } from './createSolanaDevnetSigner.ts'

export type SolanaDevnetWalletOptions = {
  /** `devnetWallet.solana` of the web config. */
  config: { caipNetworkId: `solana:${string}`; rpcUrl: string; address: string; secretKey: string }
  /** Asks the person (the Devnet Wallet's dialog); false declines. */
  confirm: (described: Described) => Promise<boolean>
  /** The requesting site, shown when it asks to connect. */
  origin: string
  /** Remembers that the site was allowed (a reload reconnects silently); none: per page. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined
}

export type SolanaDevnetWalletFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

const authorizedKey = 'latch.devnetWallet.solana.authorized'

/**
 * The Solana devnet wallet as a Wallet Standard wallet: "Latch Devnet Wallet" on the devnet's
 * own chain. Registering it costs its name, icon and these functions: the signing code
 * (@solana/kit) loads on the first request. Every request that signs asks the person first.
 */
export function createSolanaDevnetWallet(
  options: SolanaDevnetWalletOptions,
): Wallet & { features: SolanaDevnetWalletFeatures } {
  const { config, confirm, storage } = options
  const chain = config.caipNetworkId
  const core = createStandardWalletCore({
    loadSigner: () =>
      import('./createSolanaDevnetSigner.ts').then(({ createSolanaDevnetSigner }) =>
        createSolanaDevnetSigner(config),
      ),
    confirm,
  })
  const { setAccounts, loadSigner, ask } = core
  const account = (loaded: SolanaDevnetSigner): WalletAccount => ({
    address: loaded.address,
    publicKey: loaded.publicKey,
    chains: [chain],
    features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
    label: walletStandardName,
  })
  const checkAccount = (input: { account: WalletAccount }) => {
    if (!core.accounts.some((entry) => entry.address === input.account.address))
      throw core.unauthorized()
  }
  const checkChain = (requested: string | undefined) => {
    if (requested !== undefined && requested !== chain)
      throw new DevnetWalletRpcError(
        4900,
        `The Latch Devnet Wallet is on ${chain} only, not ${requested}.`,
      )
  }
  const features: SolanaDevnetWalletFeatures = {
    'standard:connect': {
      version: '1.0.0',
      async connect(input) {
        if (core.accounts.length > 0) return { accounts: core.accounts }
        const remembered = storage?.getItem(authorizedKey) === config.address
        if (input?.silent && !remembered) return { accounts: [] }
        const loaded = await loadSigner()
        if (!remembered)
          await ask({
            action: `Connect to ${options.origin || 'this site'}?`,
            lines: [
              { label: 'Network', value: chain },
              { label: 'Account', value: loaded.address },
            ],
            note: 'The site will see your Solana address and balances, and can ask you to sign.',
          })
        storage?.setItem(authorizedKey, config.address)
        setAccounts([account(loaded)])
        return { accounts: core.accounts }
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        storage?.removeItem(authorizedKey)
        if (core.accounts.length > 0) setAccounts([])
      },
    },
    'standard:events': core.events,
    'solana:signMessage': {
      version: '1.1.0',
      async signMessage(...inputs: readonly SolanaSignMessageInput[]) {
        const loaded = await loadSigner()
        const outputs = []
        for (const input of inputs) {
          checkAccount(input)
          await ask(loaded.describeMessage(input.message))
          outputs.push(await loaded.signMessage(input.message))
        }
        return outputs
      },
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      async signTransaction(...inputs: readonly SolanaSignTransactionInput[]) {
        const loaded = await loadSigner()
        const outputs = []
        for (const input of inputs) {
          checkAccount(input)
          checkChain(input.chain)
          await ask(loaded.describeTransaction(input.transaction, 'Sign this transaction?'))
          outputs.push({ signedTransaction: await loaded.signTransaction(input.transaction) })
        }
        return outputs
      },
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      async signAndSendTransaction(...inputs: readonly SolanaSignAndSendTransactionInput[]) {
        const loaded = await loadSigner()
        const outputs = []
        for (const input of inputs) {
          checkAccount(input)
          checkChain(input.chain)
          await ask(loaded.describeTransaction(input.transaction, 'Send this transaction?'))
          outputs.push({ signature: await loaded.signAndSendTransaction(input.transaction) })
        }
        return outputs
      },
    },
  }

  return {
    version: '1.0.0',
    name: walletStandardName,
    icon: walletStandardIcon,
    chains: [chain],
    features,
    get accounts() {
      return core.accounts
    },
  }
}
