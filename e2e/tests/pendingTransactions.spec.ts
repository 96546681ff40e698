import type { Page, Route } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { connectWith } from '../src/app.ts'
import { expect, test } from '../src/fixtures.ts'
import { fillSendForm, openWalletFeature } from '../src/send.ts'

/**
 * Hides every transaction from the page: its JSON-RPC calls (through the API's endpoint)
 * answer `eth_getTransactionReceipt` and `eth_getTransactionByHash` with null, as a node does
 * that has not seen it mined yet. The chain itself is shared by every test (and every test's
 * account), so its mining is left on; the unit tests hold a transaction in anvil's mempool.
 */
async function holdReceipts(page: Page): Promise<() => Promise<void>> {
  const isRpc = (url: URL) => url.pathname === '/v1/' && url.searchParams.has('chainId')
  let released = false
  const handler = async (route: Route) => {
    const body = route.request().postData() ?? ''
    if (!/eth_getTransaction(Receipt|ByHash)/.test(body)) return route.fallback()
    const response = await route.fetch()
    const json = (await response.json()) as { result?: unknown }
    try {
      await route.fulfill({ response, json: { ...json, result: null } })
    } catch (error) {
      // Released while this call was at the node: Playwright already let it through.
      if (!released) throw error
    }
  }
  await page.route(isRpc, handler)
  return () => {
    released = true
    return page.unroute(isRpc, handler)
  }
}

test('a pending transfer: badge and Activity entry, kept across a reload, then the confirm toast', async ({
  page,
  injectedWallet,
  manifest,
}) => {
  test.setTimeout(120_000)
  const chain = manifest.chains[0]
  if (!chain) throw new Error('No devnet chain.')
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const release = await holdReceipts(page)
  await connectWith(page, /Test Wallet/, injectedWallet.address)

  const dialog = await openWalletFeature(page, 'Send')
  await fillSendForm(dialog, { symbol: 'ETH', amount: '0.01', receiver })
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  const badge = page.getByTestId('account-pending-badge')
  await expect(badge).toHaveText('1 pending', { timeout: 30_000 })

  // A reload: the transaction is still pending, in the header and at the top of Activity.
  await page.reload()
  await expect(page.getByTestId('account-address')).toContainText(injectedWallet.address)
  await expect(badge).toHaveText('1 pending')
  await page.getByRole('tab', { name: 'Activity' }).click()
  const first = page.getByTestId('activity-row').first()
  await expect(first).toHaveAttribute('data-status', 'pending')
  await expect(first).toContainText('Pending')
  await expect(first).toContainText('\u22120.010 ETH')

  // The receipt shows (a new block wakes the page's wait): the toast, and the badge is gone.
  await release()
  const confirmed = page.getByTestId('latch-toast').filter({ hasText: 'Transaction confirmed' })
  await expect(async () => {
    const rpc = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
    })
    expect(rpc.ok).toBe(true)
    await expect(confirmed).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 40_000 })
  await expect(badge).toHaveCount(0)
})
