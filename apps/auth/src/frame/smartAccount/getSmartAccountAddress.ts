import { decodeFunctionResult, encodeFunctionData, getAddress, type Hex } from 'viem'
import type { FrameContext } from '../frameContext.ts'

const factoryAbi = [
  {
    type: 'function',
    name: 'getAddress',
    stateMutability: 'view',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'salt', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'address' }],
  },
] as const

/** Counterfactual addresses do not change: one read per owner, factory and network. */
const known = new Map<string, Hex>()

/**
 * The address of the wallet's SimpleAccount v0.7 (index 0) on a network: the factory's own
 * `getAddress(owner, 0)`, the same address it deploys to on first use (before that, funds sent
 * there wait for it). Needs no key, so accounts are listed without opening the wallet.
 */
export async function getSmartAccountAddress(
  context: FrameContext,
  { owner, chainId, factory }: { owner: Hex; chainId: number; factory: Hex },
): Promise<Hex> {
  const key = `${chainId}:${factory.toLowerCase()}:${owner.toLowerCase()}`
  const cached = known.get(key)
  if (cached) return cached
  // A plain eth_call (viem's readContract would add its multicall and CCIP code to the frame).
  const data = encodeFunctionData({
    abi: factoryAbi,
    functionName: 'getAddress',
    args: [owner, 0n],
  })
  const result = (await context.publicClient(chainId).request({
    method: 'eth_call',
    params: [{ to: factory, data }, 'latest'],
  })) as Hex
  const address = decodeFunctionResult({
    abi: factoryAbi,
    functionName: 'getAddress',
    data: result,
  })
  known.set(key, getAddress(address))
  return getAddress(address)
}
