/**
 * A transaction's page on the network's block explorer (`blockExplorerUrl` of its config):
 * `/tx/{hash}` added to the explorer's path, its query kept - so `https://etherscan.io` gives
 * `https://etherscan.io/tx/0x...`, `https://solscan.io/?cluster=devnet` gives
 * `https://solscan.io/tx/{signature}?cluster=devnet` and `https://mempool.space/testnet`
 * `https://mempool.space/testnet/tx/{txid}`. No explorer (the local devnets): no link.
 */
export function explorerTransactionUrl(
  blockExplorerUrl: string | undefined,
  hash: string,
): string | undefined {
  if (!blockExplorerUrl) return undefined
  let url: URL
  try {
    url = new URL(blockExplorerUrl)
  } catch {
    return undefined
  }
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/tx/${encodeURIComponent(hash)}`
  return url.toString()
}
