import { InvalidConfigError } from '../errors/config.ts'
import type { Hex } from '../types.ts'
import type { LatchNetwork } from './parseLatchWebConfig.ts'
import { address, hex32, httpUrl, type Issues, isObject, readString } from './readConfigFields.ts'

/**
 * The in-page "Devnet Wallet" (devnet profile only; `devnetWallet` of the web config): an anvil
 * test key, the chains it may switch to and, optionally, the devnet's Solana and Bitcoin test
 * keys. `rpcUrls` (chain id -> anvil URL) are the only node URLs the page may hold: the wallet
 * plays a wallet, which owns its node; the app itself reads through the API's endpoint.
 */
export type DevnetWalletConfig = {
  address: Hex
  privateKey: Hex
  chainIds: number[]
  rpcUrls?: Record<string, string>
  /**
   * Per chain id: its Simple7702Account (EIP-7702 delegate: EIP-5792 batches are atomic
   * there) and the tokens `wallet_getAssets` lists (EIP-7811).
   */
  chains?: Record<string, DevnetWalletChain>
  /** The devnet's Solana chain and a funded test key: the Wallet Standard devnet wallet. */
  solana?: DevnetWalletSolana | undefined
  /** The devnet's Bitcoin regtest chain and a funded test key (payment + ordinals). */
  bitcoin?: DevnetWalletBitcoin | undefined
}

/**
 * Checks the web config's `devnetWallet` against the app's networks; called when the Devnet
 * Wallet's code loads, so neither travels in the page's first chunk. A wrong field throws an
 * `InvalidConfigError` naming it, as the rest of the web config does.
 */
export function parseDevnetWalletConfig(
  wallet: unknown,
  networks: readonly LatchNetwork[],
): DevnetWalletConfig {
  const issues: Issues = []
  if (!isObject(wallet)) throw new InvalidConfigError(['devnetWallet: expected an object.'])
  const chainIds = wallet.chainIds
  if (
    !Array.isArray(chainIds) ||
    chainIds.length === 0 ||
    !chainIds.every((id) => networks.some((network) => network.id === id))
  )
    issues.push('devnetWallet.chainIds: expected ids of configured networks.')
  const rpcUrls = wallet.rpcUrls
  if (
    rpcUrls !== undefined &&
    (!isObject(rpcUrls) ||
      !Object.values(rpcUrls).every((url) => typeof url === 'string' && httpUrl.pattern.test(url)))
  )
    issues.push('devnetWallet.rpcUrls: expected chain ids mapped to http(s) URLs.')
  const chains = wallet.chains
  if (chains !== undefined && !isDevnetWalletChains(chains))
    issues.push(
      'devnetWallet.chains: expected chain ids mapped to { simple7702Account?, tokens? }.',
    )
  const solana = readDevnetWalletSolana(wallet.solana, issues)
  const bitcoin = readDevnetWalletBitcoin(wallet.bitcoin, issues)
  const parsed: DevnetWalletConfig = {
    ...(solana ? { solana } : {}),
    ...(bitcoin ? { bitcoin } : {}),
    address: readString(wallet, 'address', 'devnetWallet.', issues, address) as Hex,
    privateKey: readString(wallet, 'privateKey', 'devnetWallet.', issues, hex32) as Hex,
    chainIds: chainIds as number[],
    ...(isObject(rpcUrls) ? { rpcUrls: rpcUrls as Record<string, string> } : {}),
    ...(isDevnetWalletChains(chains) ? { chains } : {}),
  }
  if (issues.length > 0) throw new InvalidConfigError(issues)
  return parsed
}

/** A devnet chain as the Devnet Wallet needs it (see `DevnetWalletConfig`). */
export type DevnetWalletChain = {
  simple7702Account?: Hex | undefined
  tokens?: { address: Hex; name: string; symbol: string; decimals: number }[] | undefined
}

function isDevnetWalletChains(value: unknown): value is Record<string, DevnetWalletChain> {
  if (!isObject(value)) return false
  const isAddress = (entry: unknown) =>
    typeof entry === 'string' && /^0x[0-9a-fA-F]{40}$/.test(entry)
  return Object.values(value).every(
    (chain) =>
      isObject(chain) &&
      (chain.simple7702Account === undefined || isAddress(chain.simple7702Account)) &&
      (chain.tokens === undefined ||
        (Array.isArray(chain.tokens) &&
          chain.tokens.length <= 100 &&
          chain.tokens.every(
            (token) =>
              isObject(token) &&
              isAddress(token.address) &&
              typeof token.name === 'string' &&
              typeof token.symbol === 'string' &&
              typeof token.decimals === 'number',
          ))),
  )
}

/** `devnetWallet.solana`: the node (a wallet owns its node) and a generated test key. */
export type DevnetWalletSolana = {
  caipNetworkId: `solana:${string}`
  rpcUrl: string
  address: string
  /** Base58 of the 64-byte ed25519 secret key (a generated devnet key). */
  secretKey: string
}

/** `devnetWallet.bitcoin`: the regtest Esplora URL and a generated test key. */
export type DevnetWalletBitcoin = {
  caipNetworkId: `bip122:${string}`
  network: 'regtest'
  esploraUrl: string
  /** P2WPKH of the key. */
  paymentAddress: string
  /** P2TR (key path) of the key. */
  ordinalsAddress: string
  /** WIF (regtest). */
  wif: string
}

const base58 = { pattern: /^[1-9A-HJ-NP-Za-km-z]+$/, expected: 'base58' }

function readDevnetWalletSolana(value: unknown, issues: Issues): DevnetWalletSolana | undefined {
  if (value === undefined) return undefined
  const path = 'devnetWallet.solana.'
  if (!isObject(value)) {
    issues.push('devnetWallet.solana: expected an object.')
    return undefined
  }
  return {
    caipNetworkId: readString(value, 'caipNetworkId', path, issues, {
      pattern: /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/,
      expected: '"solana:" and 32 base58 characters',
    }) as DevnetWalletSolana['caipNetworkId'],
    rpcUrl: readString(value, 'rpcUrl', path, issues, httpUrl),
    address: readString(value, 'address', path, issues, base58),
    secretKey: readString(value, 'secretKey', path, issues, base58),
  }
}

function readDevnetWalletBitcoin(value: unknown, issues: Issues): DevnetWalletBitcoin | undefined {
  if (value === undefined) return undefined
  const path = 'devnetWallet.bitcoin.'
  if (!isObject(value)) {
    issues.push('devnetWallet.bitcoin: expected an object.')
    return undefined
  }
  if (value.network !== 'regtest') issues.push(`${path}network: expected "regtest".`)
  return {
    caipNetworkId: readString(value, 'caipNetworkId', path, issues, {
      pattern: /^bip122:[0-9a-f]{32}$/,
      expected: '"bip122:" and 32 hex digits',
    }) as DevnetWalletBitcoin['caipNetworkId'],
    network: 'regtest',
    esploraUrl: readString(value, 'esploraUrl', path, issues, httpUrl),
    paymentAddress: readString(value, 'paymentAddress', path, issues),
    ordinalsAddress: readString(value, 'ordinalsAddress', path, issues),
    wif: readString(value, 'wif', path, issues, base58),
  }
}
