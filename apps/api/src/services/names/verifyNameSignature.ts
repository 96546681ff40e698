import { chainIdFromNameCoinType } from '@latch/api-contract'
import { type Address, type Hex, verifyMessage } from 'viem'
import type { ChainClients } from '../../createChainClients.ts'
import {
  InvalidNameSignatureError,
  NameChainNotSupportedError,
  UnsupportedCoinTypeError,
} from '../../errors/names.ts'
import { wrapRpcError } from '../wrapRpcError.ts'

export type VerifyNameSignatureParameters = {
  /** ENSIP-11 coin type: 60 is chain 1, 2147483648 + id any other chain. */
  coinType: number
  address: Address
  message: string
  signature: Hex
}

/**
 * Checks that `address` signed `message`, or throws. An EOA's EIP-191 signature is checked
 * offline (valid on every chain); anything else is checked on the coin type's chain with
 * viem's `verifyMessage`: ERC-1271 for a deployed contract account, ERC-6492 for one not
 * deployed yet. Throws `InvalidNameSignatureError`, or a 502 when that chain's RPC is down.
 */
export async function verifyNameSignature(
  { clients }: { clients: ChainClients },
  { coinType, address, message, signature }: VerifyNameSignatureParameters,
): Promise<void> {
  const chainId = chainIdFromNameCoinType(coinType)
  if (chainId === undefined) throw new UnsupportedCoinTypeError({ coinType })
  const isEoaSignature = await verifyMessage({ address, message, signature }).catch(() => false)
  if (isEoaSignature) return

  const client = clients.get(chainId)
  if (!client) throw new NameChainNotSupportedError({ chainId, coinType })
  let valid: boolean
  try {
    valid = await client.verifyMessage({ address, message, signature })
  } catch (error) {
    throw wrapRpcError(chainId, error)
  }
  if (valid) return
  // viem answers `false` when the verifying call fails, also when the RPC is down: only call
  // the signature wrong when the chain answers.
  try {
    await client.getChainId()
  } catch (error) {
    throw wrapRpcError(chainId, error)
  }
  throw new InvalidNameSignatureError({ address })
}
