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
