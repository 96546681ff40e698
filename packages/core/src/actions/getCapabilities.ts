import type { LatchConfig } from '../createLatchConfig.ts'
import { ConnectorNotConnectedError } from '../errors/connector.ts'
import {
  CapabilitiesAddressRequiredError,
  SmartAccountsUnsupportedError,
} from '../errors/eip5792.ts'
import { fromProviderError } from '../errors/fromProviderError.ts'
import { ChainNotSupportedError } from '../errors/network.ts'
import { UserRejectedRequestError } from '../errors/provider.ts'

export type GetCapabilitiesParameters = {
  /** The account asked about (spec section 5: required). */
  address: string
  /** The chain to ask about; default the wallet's current chain. */
  chainId?: number | undefined
}

/** The wallet's EIP-5792 capabilities on the chain ("atomic", "paymasterService", ...). */
export type GetCapabilitiesReturnType = Record<string, unknown>

export type GetCapabilitiesErrorType =
  | CapabilitiesAddressRequiredError
  | ConnectorNotConnectedError
  | SmartAccountsUnsupportedError
  | ChainNotSupportedError
  | UserRejectedRequestError

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * One chain's entry of a capabilities answer (`{ [chainIdHex]: {...} }`), merged over the
 * EIP-5792 `0x0` entry (capabilities the wallet has on every chain).
 */
function pickChain(
  byChain: Record<string, unknown>,
  chainId: number,
): Record<string, unknown> | undefined {
  const hex = `0x${chainId.toString(16)}`
  const entry = byChain[hex] ?? byChain[String(chainId)]
  const everywhere = byChain['0x0']
  if (!isRecord(entry) && !isRecord(everywhere)) return undefined
  return { ...(isRecord(everywhere) ? everywhere : {}), ...(isRecord(entry) ? entry : {}) }
}

/**
 * The capabilities a WalletConnect wallet put in its session (`sessionProperties.capabilities`,
 * a JSON string `{ [address]: { [chainIdHex]: {...} } }`), for this address and chain.
 */
function fromSession(
  properties: Readonly<Record<string, string>> | undefined,
  address: string,
  chainId: number,
): Record<string, unknown> | undefined {
  const raw = properties?.capabilities
  if (typeof raw !== 'string') return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (!isRecord(parsed)) return undefined
  const key = Object.keys(parsed).find((entry) => entry.toLowerCase() === address.toLowerCase())
  const byChain = key === undefined ? undefined : parsed[key]
  return isRecord(byChain) ? pickChain(byChain, chainId) : undefined
}

/**
 * Asks for an account's EIP-5792 capabilities on a chain (`wallet_getCapabilities`, spec
 * sections 5 and 7). A WalletConnect wallet's session properties answer first (capabilities by
 * address), then the wallet itself. No address is a `CapabilitiesAddressRequiredError`; a wallet
 * without the method, or that did not approve it for this app, a `SmartAccountsUnsupportedError`
 * ('This application might not support Smart Accounts'); an answer without the chain a
 * `ChainNotSupportedError` ('Chain is not supported').
 */
export async function getCapabilities(
  config: LatchConfig,
  parameters: GetCapabilitiesParameters,
): Promise<GetCapabilitiesReturnType> {
  const address = parameters?.address
  if (typeof address !== 'string' || address.trim() === '')
    throw new CapabilitiesAddressRequiredError()
  const state = config.getState()
  const connector = state.connectors.find((entry) => entry.id === state.connectorId)
  if (state.status !== 'connected' || !connector) throw new ConnectorNotConnectedError()
  const chainId = parameters.chainId ?? state.chainId
  if (chainId === undefined) throw new ConnectorNotConnectedError()
  const sessionCapabilities = fromSession(
    connector.getSession?.()?.sessionProperties,
    address,
    chainId,
  )
  if (sessionCapabilities) return sessionCapabilities
  const chainHex = `0x${chainId.toString(16)}`
  let answer: unknown
  try {
    const provider = await connector.getProvider()
    answer = await provider.request({
      method: 'wallet_getCapabilities',
      params: [address, [chainHex]],
    })
  } catch (cause) {
    const error = fromProviderError(cause)
    if (error instanceof UserRejectedRequestError) throw error
    throw new SmartAccountsUnsupportedError({ cause: error })
  }
  if (!isRecord(answer))
    throw new SmartAccountsUnsupportedError({ details: 'The wallet answered no capabilities.' })
  const capabilities = pickChain(answer, chainId)
  if (!capabilities) throw new ChainNotSupportedError(chainId)
  return capabilities
}

/** The wallet's `atomic` capability allows an atomic batch (EIP-5792: `supported` or `ready`). */
export function supportsAtomicBatch(capabilities: Record<string, unknown>): boolean {
  const atomic = capabilities.atomic
  if (!isRecord(atomic)) {
    // EIP-5792's first draft: `atomicBatch: { supported: true }`.
    const legacy = capabilities.atomicBatch
    return isRecord(legacy) && legacy.supported === true
  }
  return atomic.status === 'supported' || atomic.status === 'ready'
}

/** The wallet lists its own assets (EIP-7811 `assetDiscovery`, answered by `wallet_getAssets`). */
export function supportsAssetDiscovery(capabilities: Record<string, unknown>): boolean {
  const discovery = capabilities.assetDiscovery
  return isRecord(discovery) && discovery.supported === true
}
