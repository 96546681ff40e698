import { BaseError } from './base.ts'

/** A CAIP-2 network id is not `namespace:reference`. */
export class InvalidCaipNetworkIdError extends BaseError {
  override name = 'InvalidCaipNetworkIdError' as const
  override readonly code = 'INVALID_CAIP_NETWORK_ID'
  constructor(value: string) {
    super(`"${value}" is not a CAIP-2 network id.`, {
      metaMessages: ['A CAIP-2 network id is "namespace:reference", like "eip155:1".'],
    })
  }
}

/** A CAIP-10 account is malformed (spec section 5). */
export class InvalidCaipAccountError extends BaseError {
  override name = 'InvalidCaipAccountError' as const
  override readonly code = 'INVALID_CAIP_ACCOUNT'
  constructor(value: string, reason: 'parts' | 'evmAddress' | 'address') {
    super(
      reason === 'parts'
        ? `"${value}" is not a CAIP-10 account: a CAIP address has 3 colon-separated parts.`
        : reason === 'evmAddress'
          ? `"${value}" is not a CAIP-10 account: an EVM address is 40 hex characters.`
          : `"${value}" is not a CAIP-10 account: the address is malformed for its namespace.`,
    )
  }
}

/** A chain id belongs to a namespace the app did not configure (spec section 5). */
export class NamespaceNotConfiguredError extends BaseError {
  override name = 'NamespaceNotConfiguredError' as const
  override readonly code = 'NAMESPACE_NOT_CONFIGURED'
  readonly namespace: string
  constructor(namespace: string) {
    super(
      `Namespace '${namespace}' is not configured. Please call connect() first with namespace config.`,
    )
    this.namespace = namespace
  }
}

/** A namespace Latch has no code for (cosmos, polkadot...; spec section 8). */
export class ChainAdapterNotFoundError extends BaseError {
  override name = 'ChainAdapterNotFoundError' as const
  override readonly code = 'CHAIN_ADAPTER_NOT_FOUND'
  readonly namespace: string
  constructor(namespace: string) {
    super('Chain adapter not found', {
      metaMessages: [`Latch connects eip155, solana and bip122 wallets, not "${namespace}".`],
    })
    this.namespace = namespace
  }
}
