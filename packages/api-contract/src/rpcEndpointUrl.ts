/**
 * The API's JSON-RPC endpoint for one chain (spec section 7's default RPC endpoint): what the
 * page, WalletConnect's `rpcMap` and `/v1/supported-chains` hand out instead of a node URL.
 */
export function rpcEndpointUrl({
  apiUrl,
  chainId,
  projectId,
}: {
  /** The API's public URL, e.g. `https://api.example.com`. */
  apiUrl: string
  chainId: number
  projectId: string
}): string {
  return `${apiUrl.replace(/\/+$/, '')}/v1/?chainId=eip155:${chainId}&projectId=${encodeURIComponent(projectId)}`
}

/**
 * The API's JSON-RPC endpoint for a chain of any namespace it relays, by CAIP-2 id (a Solana
 * network's `solana:<ref>`): what the page gets as that network's `rpcUrl`, never the node's.
 */
export function caipRpcEndpointUrl({
  apiUrl,
  caipNetworkId,
  projectId,
}: {
  apiUrl: string
  caipNetworkId: string
  projectId: string
}): string {
  return `${apiUrl.replace(/\/+$/, '')}/v1/?chainId=${caipNetworkId}&projectId=${encodeURIComponent(projectId)}`
}
