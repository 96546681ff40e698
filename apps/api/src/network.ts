import type { DevnetChain, Network } from '@latch/api-contract'
import { type Address, getAddress } from 'viem'
import type { NetworkInput } from './env.ts'

/** Multicall3's canonical address, the same on the devnet and on most public chains. */
export const multicall3Address: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** An ERC-20 the API reports balances for. */
export type ApiToken = {
  address: Address
  name: string
  symbol: string
  decimals: number
  /** Price of one whole token in USD; 0 when unknown. */
  priceUsd: number
}

/** A network the API serves, with what the server alone needs (RPC, tokens, prices). */
export type ApiNetwork = {
  id: number
  name: string
  /** Server-side RPC; may hold a provider key, so it is never sent to clients. */
  rpcUrl: string
  /** The RPC advertised to clients. */
  publicRpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  nativePriceUsd: number
  blockExplorerUrl?: string | undefined
  testnet: boolean
  /** Multicall3; `multicall3Address` when unset. */
  multicall3?: Address | undefined
  tokens: readonly ApiToken[]
  /** A Uniswap V2 deployment with pools against a USD stablecoin (the devnet's): prices come from it. */
  uniswapV2?: UniswapV2Deployment | undefined
  /** How an HTTP price feed names this chain (LATCH_PRICE_FEED_URL's `{platform}`). */
  priceFeedPlatform?: string | undefined
  /** The wrapped native coin (WETH): feeds price the native coin as this token. */
  wrappedNative?: Address | undefined
  /** The Uniswap V2 deployment swaps are quoted and built on (the devnet's, or LATCH_NETWORKS' `swap`). */
  swap?: SwapDeployment | undefined
  /** ERC-4337 (LATCH_NETWORKS' or the devnet's `accountAbstraction`): smart accounts here. */
  accountAbstraction?: AccountAbstractionDeployment | undefined
}

/** ERC-4337 on a network: its contracts, its bundlers and its paymaster service. */
export type AccountAbstractionDeployment = {
  /** EntryPoint v0.7. */
  entryPoint: Address
  /** SimpleAccountFactory v0.7: its accounts' owners may sign for them (`verifySignature`). */
  simpleAccountFactory: Address
  /** `/v1/bundler` forwards to one of these by name, the first by default; server-only URLs. */
  bundlers: readonly { name: string; url: string }[]
  /** The ERC-7677 service `/v1/paymaster` forwards to; server-only (may hold a key). */
  paymasterUrl?: string | undefined
}

/** A Uniswap V2 deployment the on-chain swap source reads and routes through. */
export type SwapDeployment = {
  router: Address
  factory: Address
  /** The router's WETH: the native coin swaps as it; routes may pass through it. */
  weth: Address
  /** A stablecoin routes may pass through. */
  stable?: Address | undefined
}

/** The contracts the pool price source reads on one chain. */
export type UniswapV2Deployment = {
  router: Address
  /** The USD stablecoin prices are quoted in. */
  usd: { address: Address; decimals: number }
  weth: Address
}

/** Checksums an address from configuration, whatever its case (a bad checksum would fail viem). */
function normalizeAddress(address: string): Address {
  return getAddress(address.toLowerCase())
}

/** CAIP-2 id of an EVM chain, e.g. `eip155:31337`. */
export function toCaip2(chainId: number): `eip155:${number}` {
  return `eip155:${chainId}`
}

/** Maps a devnet manifest chain; the native coin is priced like its wrapped token (WETH). */
export function networkFromDevnetChain(chain: DevnetChain): ApiNetwork {
  const weth = chain.tokens.find(
    (token) => token.address.toLowerCase() === chain.contracts.weth.toLowerCase(),
  )
  const usd = chain.tokens.find(
    (token) => token.address.toLowerCase() === chain.contracts.usd.toLowerCase(),
  )
  return {
    id: chain.id,
    name: chain.name,
    rpcUrl: chain.rpcUrl,
    publicRpcUrl: chain.rpcUrl,
    nativeCurrency: chain.nativeCurrency,
    nativePriceUsd: weth?.seedPriceUsd ?? 0,
    blockExplorerUrl: chain.blockExplorerUrl,
    testnet: true,
    multicall3: normalizeAddress(chain.contracts.multicall3),
    uniswapV2: {
      router: normalizeAddress(chain.contracts.uniswapV2Router),
      usd: { address: normalizeAddress(chain.contracts.usd), decimals: usd?.decimals ?? 6 },
      weth: normalizeAddress(chain.contracts.weth),
    },
    wrappedNative: normalizeAddress(chain.contracts.weth),
    swap: {
      router: normalizeAddress(chain.contracts.uniswapV2Router),
      factory: normalizeAddress(chain.contracts.uniswapV2Factory),
      weth: normalizeAddress(chain.contracts.weth),
      stable: normalizeAddress(chain.contracts.usd),
    },
    tokens: chain.tokens.map((token) => ({
      address: normalizeAddress(token.address),
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      priceUsd: token.seedPriceUsd,
    })),
    // The devnet's alto and ERC-7677 paymaster service for this chain.
    accountAbstraction: chain.accountAbstraction
      ? {
          entryPoint: normalizeAddress(chain.accountAbstraction.entryPoint),
          simpleAccountFactory: normalizeAddress(chain.accountAbstraction.simpleAccountFactory),
          bundlers: [{ name: 'alto', url: chain.accountAbstraction.bundlerUrl }],
          paymasterUrl: chain.accountAbstraction.paymasterUrl,
        }
      : undefined,
  }
}

/** Maps one LATCH_NETWORKS entry. */
export function networkFromInput(input: NetworkInput): ApiNetwork {
  return {
    id: input.id,
    name: input.name,
    rpcUrl: input.rpcUrl,
    publicRpcUrl: input.publicRpcUrl ?? input.rpcUrl,
    nativeCurrency: input.nativeCurrency,
    nativePriceUsd: input.nativePriceUsd ?? 0,
    blockExplorerUrl: input.blockExplorerUrl,
    testnet: input.testnet ?? false,
    multicall3: normalizeAddress(input.multicall3 ?? multicall3Address),
    priceFeedPlatform: input.priceFeedPlatform,
    wrappedNative: input.wrappedNative ? normalizeAddress(input.wrappedNative) : undefined,
    swap: input.swap
      ? {
          router: normalizeAddress(input.swap.uniswapV2Router),
          factory: normalizeAddress(input.swap.uniswapV2Factory),
          weth: normalizeAddress(input.swap.weth),
          stable: input.swap.stable ? normalizeAddress(input.swap.stable) : undefined,
        }
      : undefined,
    tokens: (input.tokens ?? []).map((token) => ({
      address: normalizeAddress(token.address),
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      priceUsd: token.priceUsd ?? 0,
    })),
    accountAbstraction: input.accountAbstraction
      ? {
          entryPoint: normalizeAddress(input.accountAbstraction.entryPoint),
          simpleAccountFactory: normalizeAddress(input.accountAbstraction.simpleAccountFactory),
          bundlers: input.accountAbstraction.bundlers,
          paymasterUrl: input.accountAbstraction.paymasterUrl,
        }
      : undefined,
  }
}

/** The public description of a network (`GET /v1/supported-chains`). */
export function toNetworkDto(network: ApiNetwork): Network {
  return {
    id: network.id,
    name: network.name,
    caipNetworkId: toCaip2(network.id),
    chainNamespace: 'eip155',
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [network.publicRpcUrl] } },
    ...(network.blockExplorerUrl
      ? { blockExplorers: { default: { name: 'Explorer', url: network.blockExplorerUrl } } }
      : {}),
    testnet: network.testnet,
    ...(network.accountAbstraction
      ? {
          smartAccounts: {
            entryPoint: network.accountAbstraction.entryPoint,
            simpleAccountFactory: network.accountAbstraction.simpleAccountFactory,
            paymaster: network.accountAbstraction.paymasterUrl !== undefined,
          },
        }
      : {}),
  }
}
