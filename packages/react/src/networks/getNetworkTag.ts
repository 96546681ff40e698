/** The tag a network row shows: a local development chain, a public test network, or none. */
export type NetworkTag = 'devnet' | 'testnet'

/** Chain ids of local development nodes (anvil, Hardhat, Ganache). */
const devnetChainIds = new Set([1337, 31337])
/** Well-known public test networks, by chain id. */
const testnetChainIds = new Set([5, 17000, 80002, 84531, 84532, 421614, 560048, 11155111, 11155420])

/**
 * Tags a network: an explicit `testnet` flag wins (a devnet by name or local chain id, else a
 * testnet); otherwise the chain id or the name ("Latch Devnet", "Sepolia") decides.
 */
export function getNetworkTag(network: {
  id: number
  name: string
  testnet?: boolean | undefined
}): NetworkTag | undefined {
  const devnet = devnetChainIds.has(network.id) || /\bdevnet\b|\blocal(host)?\b/i.test(network.name)
  if (network.testnet === false) return undefined
  if (devnet) return 'devnet'
  if (
    network.testnet === true ||
    testnetChainIds.has(network.id) ||
    /\b(testnet|sepolia|goerli|holesky|hoodi|amoy)\b/i.test(network.name)
  )
    return 'testnet'
  return undefined
}

/** A stable hue (0-359) per chain id, spread by the golden angle so neighbours differ. */
export function getNetworkHue(chainId: number): number {
  return Math.round((chainId * 137.508) % 360)
}
