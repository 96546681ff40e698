import { BaseError } from './base.ts'

/** Quotes a client-supplied value, cut short so a message stays readable. */
function quote(value: string): string {
  return JSON.stringify(value.length > 66 ? `${value.slice(0, 63)}...` : value)
}

/** A CAIP-2 chain id of a namespace the API serves no network of (spec's wording). */
export class NamespaceNotConfiguredError extends BaseError {
  override name = 'NamespaceNotConfiguredError'
  constructor({ namespace }: { namespace: string }) {
    super(
      `Namespace '${namespace}' is not configured. Please call connect() first with namespace config.`,
      { code: 'BAD_REQUEST' },
    )
  }
}

/** A namespace this API has no code for (spec's wording). */
export class ChainAdapterNotFoundError extends BaseError {
  override name = 'ChainAdapterNotFoundError'
  constructor({ namespace }: { namespace: string }) {
    super('Chain adapter not found', {
      code: 'BAD_REQUEST',
      metaMessages: [`Namespace: ${quote(namespace)}`],
    })
  }
}

/** A Solana or Bitcoin chain id of a configured namespace, but not one of its networks. */
export class CaipChainNotSupportedError extends BaseError {
  override name = 'CaipChainNotSupportedError'
  constructor({ chainId }: { chainId: string }) {
    super(`Chain ${quote(chainId)} is not supported.`, { code: 'BAD_REQUEST' })
  }
}

export class InvalidSolanaAddressError extends BaseError {
  override name = 'InvalidSolanaAddressError'
  constructor({ address }: { address: string }) {
    super(`Invalid Solana address (base58, 32 bytes): ${quote(address)}.`, { code: 'BAD_REQUEST' })
  }
}

export class InvalidBitcoinAddressError extends BaseError {
  override name = 'InvalidBitcoinAddressError'
  constructor({ address }: { address: string }) {
    super(`Invalid Bitcoin address ${quote(address)}.`, { code: 'BAD_REQUEST' })
  }
}

/** A valid Bitcoin address of another network (a mainnet `bc1...` on regtest, say). */
export class BitcoinAddressNetworkError extends BaseError {
  override name = 'BitcoinAddressNetworkError'
  constructor({ addressNetwork, network }: { addressNetwork: string; network: string }) {
    super(`This is a Bitcoin ${addressNetwork} address; this network is ${network}.`, {
      code: 'BAD_REQUEST',
    })
  }
}

/** A Solana RPC or Esplora server that failed to answer, or answered with an error. */
export class ChainUnavailableError extends BaseError {
  override name = 'ChainUnavailableError'
  constructor({ chainId, cause }: { chainId: string; cause?: unknown }) {
    super(`The node for chain ${chainId} did not answer.`, {
      code: 'UPSTREAM_UNAVAILABLE',
      cause,
    })
  }
}
