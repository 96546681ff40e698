import { isTransferAddress } from '../actions/isTransferAddress.ts'
import { parseAccountName } from '../actions/resolveAccountName.ts'

/** What the receiver field holds. */
export type ReceiverInput =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'address'; address: string }
  /** An account name (`alice.latch.id`, lower case) to resolve before sending. */
  | { kind: 'name'; name: string }

/**
 * Reads the receiver field: on eip155 (the default) an EVM address (EIP-55 checked when mixed
 * case) or a name; on solana a base58 address of 32 bytes (account names are EVM only).
 */
export function readReceiver(
  text: string,
  nameSuffix: string,
  namespace = 'eip155',
): ReceiverInput {
  const trimmed = text.trim()
  if (!trimmed) return { kind: 'empty' }
  if (isTransferAddress(trimmed, namespace)) return { kind: 'address', address: trimmed }
  if (namespace !== 'eip155') return { kind: 'invalid' }
  const name = parseAccountName(trimmed, nameSuffix)
  return name ? { kind: 'name', name } : { kind: 'invalid' }
}
