import type { DevnetManifest } from '@latch/api-contract'

/**
 * Asks the test stack's API for `address`'s balances on an EVM chain with `forceUpdate=true`, as
 * the app does after a send, so the API's 30 s balance cache holds what the chain holds now (a
 * faucet transfer made after the page first read the balances). The page's own refetch (every
 * 8 s while the account panel is shown) then reads the fresh entry instead of waiting out the
 * cache. The API honours it because the transfer mined a new block.
 */
export async function refreshApiBalances(
  manifest: DevnetManifest,
  { address, chainId }: { address: string; chainId: number },
): Promise<void> {
  const apiUrl = process.env.LATCH_E2E_API_URL
  if (!apiUrl) throw new Error('LATCH_E2E_API_URL is not set: run with the e2e config.')
  const query = new URLSearchParams({
    projectId: manifest.projectId,
    chainId: `eip155:${chainId}`,
    forceUpdate: 'true',
  })
  const url = `${apiUrl}/v1/account/${address}/balance?${query}`
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) })
  if (!response.ok)
    throw new Error(`The API answered ${response.status} to ${url}: ${await response.text()}`)
}
