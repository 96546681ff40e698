import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  erc6492SignatureValidatorAbi,
  erc6492SignatureValidatorByteCode,
  type Hex,
  hashMessage,
  isAddressEqual,
  isErc6492Signature,
  parseAbi,
  recoverAddress,
  size,
} from 'viem'
import type { ChainClients } from '../../createChainClients.ts'
import { SignatureTooLongError } from '../../errors/signature.ts'
import type { ApiNetwork } from '../../network.ts'
import { isSimpleAccountOwner } from '../accountAbstraction/isSimpleAccountOwner.ts'
import { isTransportError, wrapRpcError } from '../wrapRpcError.ts'

/** What a signature check reads: the chains, and their SimpleAccountFactory (`accountAbstraction`). */
export type VerifySignatureDeps = {
  clients: ChainClients
  /** The served networks; those with `accountAbstraction` accept their SimpleAccounts' owners. */
  networks?: readonly ApiNetwork[] | undefined
}

/** The longest signature checked: 4096 bytes (8 KB of hex), room for any ERC-6492 wrapper. */
export const maxSignatureBytes = 4096

/** The most gas one on-chain check may burn on the RPC node (a 6492 deployment included). */
export const signatureVerificationGas = 2_000_000n

const erc1271Abi = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
])

/** How a valid signature was proven: offline from an EOA's key, or by the account's contract. */
export type VerifySignatureReturnType = false | 'eoa' | 'contract'

/**
 * Whether `signature` is the address's EIP-191 signature of `message` on the chain, kept cheap
 * for the RPC node: the EOA case is recovered offline first; only when the address has code
 * (ERC-1271) or the signature carries the ERC-6492 suffix (an account not deployed yet) is
 * the chain asked, with one `eth_call` capped at `signatureVerificationGas`. On a network with
 * `accountAbstraction`, the owner's signature also stands for its SimpleAccount v0.7 (which
 * has no ERC-1271), deployed or not (`isSimpleAccountOwner`). Signatures over
 * `maxSignatureBytes` are refused before any work. Without a client for the chain only EOA
 * signatures can be checked. A dead RPC is a 502; a reverting check is `false`.
 */
export async function verifySignature(
  { clients, networks }: VerifySignatureDeps,
  {
    chainId,
    address,
    message,
    signature,
  }: {
    chainId: number
    address: Address
    message: string
    signature: Hex
  },
): Promise<VerifySignatureReturnType> {
  if (size(signature) > maxSignatureBytes)
    throw new SignatureTooLongError({ maxBytes: maxSignatureBytes })
  const hash = hashMessage(message)
  const recovered = await recoverAddress({ hash, signature }).catch(() => undefined)
  if (recovered && isAddressEqual(recovered, address)) return 'eoa'

  const client = clients.get(chainId)
  if (!client) return false
  const wrapped = isErc6492Signature(signature)
  try {
    if (!wrapped) {
      const code = await client.getCode({ address })
      const deployed = code !== undefined && code !== '0x'
      if (deployed) {
        const valid = await client
          .call({
            to: address,
            data: encodeFunctionData({
              abi: erc1271Abi,
              functionName: 'isValidSignature',
              args: [hash, signature],
            }),
            gas: signatureVerificationGas,
          })
          .then(
            ({ data }) => data?.toLowerCase().startsWith('0x1626ba7e') === true,
            (error: unknown) => {
              // A contract without ERC-1271 reverts: it may still be a SimpleAccount below.
              if (isTransportError(error)) throw error
              return false
            },
          )
        if (valid) return 'contract'
      }
      // A SimpleAccount v0.7 of the network's factory, deployed or not, whose owner signed.
      const factory = networks?.find((network) => network.id === chainId)?.accountAbstraction
        ?.simpleAccountFactory
      if (recovered && factory) {
        const owned = await isSimpleAccountOwner(client, {
          factory,
          address,
          signer: recovered,
          deployed,
        })
        if (owned) return 'contract'
      }
      // Otherwise no code and no deployment to simulate: an EOA, whose key did not sign this.
      return false
    }
    // ERC-6492's deployless validator: deploys the account in the simulation, then asks it.
    const { data } = await client.call({
      data: encodeDeployData({
        abi: erc6492SignatureValidatorAbi,
        bytecode: erc6492SignatureValidatorByteCode,
        args: [address, hash, signature],
      }),
      gas: signatureVerificationGas,
    })
    return data !== undefined && BigInt(data) === 1n ? 'contract' : false
  } catch (error) {
    // The node answered that the check reverted (or ran out of gas): not a valid signature.
    if (!isTransportError(error)) return false
    throw wrapRpcError(chainId, error)
  }
}
