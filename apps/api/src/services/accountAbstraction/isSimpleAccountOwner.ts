import { type Address, isAddressEqual, type PublicClient, parseAbi, sliceHex } from 'viem'
import { isTransportError } from '../wrapRpcError.ts'

/** ERC-1967's implementation slot: where a SimpleAccount proxy keeps its implementation. */
const erc1967ImplementationSlot =
  '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'

const simpleAccountFactoryAbi = parseAbi([
  'function accountImplementation() view returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])
const simpleAccountAbi = parseAbi(['function owner() view returns (address)'])

export type IsSimpleAccountOwnerParameters = {
  /** The network's SimpleAccountFactory v0.7 (canonical, or LATCH_NETWORKS'). */
  factory: Address
  /** The account that claims the signature. */
  address: Address
  /** The EOA the signature recovers to. */
  signer: Address
  /** Whether `address` has code on the chain. */
  deployed: boolean
}

/**
 * Whether `address` is a SimpleAccount v0.7 of `factory` owned by `signer` (v0.7 accounts
 * have no ERC-1271, so the owner's own signature stands for the account). Deployed: the
 * proxy's ERC-1967 implementation is the factory's `accountImplementation()` and its `owner()`
 * is the signer; so an arbitrary contract with an `owner()` is not taken for one. Not deployed:
 * `factory.getAddress(signer, 0)` (index 0, as the embedded wallet uses) is the address.
 * A call that reverts answers `false`; a dead RPC throws (the caller makes it a 502).
 */
export async function isSimpleAccountOwner(
  client: PublicClient,
  { factory, address, signer, deployed }: IsSimpleAccountOwnerParameters,
): Promise<boolean> {
  try {
    if (!deployed) {
      const counterfactual = await client.readContract({
        address: factory,
        abi: simpleAccountFactoryAbi,
        functionName: 'getAddress',
        args: [signer, 0n],
      })
      return isAddressEqual(counterfactual, address)
    }
    const [slot, implementation] = await Promise.all([
      client.getStorageAt({ address, slot: erc1967ImplementationSlot }),
      client.readContract({
        address: factory,
        abi: simpleAccountFactoryAbi,
        functionName: 'accountImplementation',
      }),
    ])
    if (!slot || !isAddressEqual(sliceHex(slot, 12), implementation)) return false
    const owner = await client.readContract({
      address,
      abi: simpleAccountAbi,
      functionName: 'owner',
    })
    return isAddressEqual(owner, signer)
  } catch (error) {
    if (isTransportError(error)) throw error
    return false
  }
}
