import { chainIdFromNameCoinType } from '@latch/api-contract'
import type { Address, Hex } from 'viem'
import {
  InvalidNameSignatureError,
  NameChainNotSupportedError,
  UnsupportedCoinTypeError,
} from '../../errors/names.ts'
import { type VerifySignatureDeps, verifySignature } from '../sessions/verifySignature.ts'

export type VerifyNameSignatureParameters = {
  /** ENSIP-11 coin type: 60 is chain 1, 2147483648 + id any other chain. */
  coinType: number
  address: Address
  message: string
  signature: Hex
}

/**
 * Where the name may resolve: `null` for an EOA (its key signs on every chain), the chain
 * ids the contract account proved itself on otherwise.
 */
export type VerifyNameSignatureReturnType = { chainIds: number[] | null }

/**
 * Checks that `address` signed `message`, or throws. An EOA's EIP-191 signature is recovered
 * offline (valid on every chain); anything else is checked on the coin type's chain
 * (`verifySignature`: ERC-1271 for a deployed contract account, ERC-6492 for one not deployed
 * yet, with capped length and gas), and the name then resolves on that chain only. Throws
 * `InvalidNameSignatureError`, or a 502 when that chain's RPC is down.
 */
export async function verifyNameSignature(
  deps: VerifySignatureDeps,
  { coinType, address, message, signature }: VerifyNameSignatureParameters,
): Promise<VerifyNameSignatureReturnType> {
  const { clients } = deps
  const chainId = chainIdFromNameCoinType(coinType)
  if (chainId === undefined) throw new UnsupportedCoinTypeError({ coinType })
  const proof = await verifySignature(
    { clients, networks: deps.networks },
    { chainId, address, message, signature },
  )
  if (proof === 'eoa') return { chainIds: null }
  if (proof === 'contract') return { chainIds: [chainId] }
  if (!clients.get(chainId)) throw new NameChainNotSupportedError({ chainId, coinType })
  throw new InvalidNameSignatureError({ address })
}
