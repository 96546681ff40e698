import { isTransferAddress } from '../actions/isTransferAddress.ts'
import { parseAccountName } from '../actions/resolveAccountName.ts'

/** What the receiver field holds. */
export type ReceiverInput =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'address'; address: string }
  /** An account name (`alice.latch.id`, lower case) to resolve before sending. */
  | { kind: 'name'; name: string }

/** Reads the receiver field: an EVM address (EIP-55 checked when mixed case) or a name. */
export function readReceiver(text: string, nameSuffix: string): ReceiverInput {
  const trimmed = text.trim()
  if (!trimmed) return { kind: 'empty' }
  if (isTransferAddress(trimmed)) return { kind: 'address', address: trimmed }
  const name = parseAccountName(trimmed, nameSuffix)
  return name ? { kind: 'name', name } : { kind: 'invalid' }
}
