import {
  type Address,
  createPublicClient,
  defineChain,
  type Hex,
  http,
  isAddressEqual,
  isErc6492Signature,
  parseAbi,
  zeroAddress,
} from 'viem'
import { ProviderUnavailableError } from '../../errors/socialSignIn.ts'

/** Farcaster's IdRegistry, as Sign In With Farcaster reads it. */
export type FarcasterIdRegistry = {
  /** The FID's custody address; the zero address when the FID does not exist. */
  custodyOf(fid: bigint): Promise<Address>
  /**
   * Whether a smart-contract custody address accepts the signature (ERC-1271, or ERC-6492
   * before deployment); EOA signatures are checked offline before this is asked.
   */
  isValidContractSignature(input: {
    address: Address
    message: string
    signature: Hex
  }): Promise<boolean>
}

export type CreateFarcasterIdRegistryParameters = {
  /** LATCH_FARCASTER_RPC_URL (OP Mainnet), or the devnet chain's RPC. */
  rpcUrl: string
  /** LATCH_FARCASTER_CHAIN_ID (10), or the devnet chain's. */
  chainId: number
  /** LATCH_FARCASTER_ID_REGISTRY, or the devnet's IdRegistry. */
  address: Address
  /** Bound on one RPC call (default 5 s). */
  timeoutMs?: number
}

const idRegistryAbi = parseAbi(['function custodyOf(uint256 fid) view returns (address)'])

/**
 * Reads the IdRegistry with viem over the configured RPC (no retries, a timeout). A node that
 * does not answer is PROVIDER_UNAVAILABLE: a sign-in is never decided without the registry.
 */
export function createFarcasterIdRegistry({
  rpcUrl,
  chainId,
  address,
  timeoutMs = 5_000,
}: CreateFarcasterIdRegistryParameters): FarcasterIdRegistry {
  const client = createPublicClient({
    chain: defineChain({
      id: chainId,
      name: `Farcaster chain ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    }),
    transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }),
  })
  const unavailable = (cause: unknown) =>
    new ProviderUnavailableError({ provider: 'farcaster', cause })
  return {
    async custodyOf(fid) {
      try {
        return await client.readContract({
          address,
          abi: idRegistryAbi,
          functionName: 'custodyOf',
          args: [fid],
        })
      } catch (error) {
        throw unavailable(error)
      }
    },
    async isValidContractSignature({ address: signer, message, signature }) {
      let code: Hex | undefined
      try {
        code = await client.getCode({ address: signer })
      } catch (error) {
        throw unavailable(error)
      }
      // An EOA's signature was already recovered offline: nothing more can make it valid.
      if ((code === undefined || code === '0x') && !isErc6492Signature(signature)) return false
      try {
        return await client.verifyMessage({ address: signer, message, signature })
      } catch (error) {
        throw unavailable(error)
      }
    },
  }
}

/** Whether `address` is a real custody address (a registered FID). */
export const isRegistered = (custody: Address) => !isAddressEqual(custody, zeroAddress)
