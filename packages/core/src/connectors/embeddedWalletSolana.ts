import type { CaipNetworkId } from '../caip/toCaipNetworkId.ts'
import { ConnectorAccountNotFoundError, ConnectorNotConnectedError } from '../errors/connector.ts'
import type { EmbeddedWalletClient } from './createEmbeddedWalletClient.ts'
import type { NamespaceAccount, NamespaceConnector } from './types.ts'

/** What the embedded wallet's Solana connector does once the frame's chunk is loaded. */
export type EmbeddedSolanaMethods = Pick<
  NamespaceConnector,
  'connect' | 'isAuthorized' | 'signMessage' | 'signAndSendTransaction'
>

/** The signed-in wallet's Solana account, as a connector lists it. */
export const toSolanaAccounts = (solanaAddress: string | undefined): NamespaceAccount[] =>
  solanaAddress ? [{ address: solanaAddress, publicKey: '' }] : []

/** Bytes as base64 (the frame message's transaction). */
function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * The embedded wallet's Solana account (issue 16), behind the connector `embeddedWallet()`
 * lists in `namespaceConnectors` (type AUTH, the email wallet's id, name and icon): its
 * address comes with the signed-in user (`getUser`'s `solanaAddress`, derived in the frame
 * from the wallet's key); messages and transactions are signed (and sent) by the frame after
 * its own confirmation, on the network the page connected it on. Loaded with the frame's chunk.
 */
export function createEmbeddedSolanaMethods(
  client: EmbeddedWalletClient,
  caipNetworkIds: readonly CaipNetworkId[],
): EmbeddedSolanaMethods {
  /** The network the page uses it on. */
  let active: CaipNetworkId | undefined

  function signedIn(address: string): CaipNetworkId {
    const own = client.getUser()?.solanaAddress
    if (!own || !active) throw new ConnectorNotConnectedError()
    if (own !== address) throw new ConnectorAccountNotFoundError('Email wallet')
    return active
  }

  return {
    async connect({ caipNetworkId }) {
      const accounts = toSolanaAccounts(client.getUser()?.solanaAddress)
      if (accounts.length === 0) throw new ConnectorNotConnectedError()
      if (!caipNetworkIds.includes(caipNetworkId))
        throw new ConnectorAccountNotFoundError('Email wallet')
      active = caipNetworkId
      return { accounts, caipNetworkId }
    },
    isAuthorized: async () => client.getUser()?.solanaAddress !== undefined,
    async signMessage({ address, message }) {
      const caipNetworkId = signedIn(address)
      const { signature } = await client.solana.signMessage({ caipNetworkId, address, message })
      return { address, signature }
    },
    async signAndSendTransaction({ address, transaction }) {
      const caipNetworkId = signedIn(address)
      const { signature } = await client.solana.signAndSendTransaction({
        caipNetworkId,
        address,
        transaction: toBase64(transaction),
      })
      const { getBase58Encoder } = await import('@solana/kit')
      return new Uint8Array(getBase58Encoder().encode(signature))
    },
  }
}
