import type { Address } from 'viem'
import { connectWith } from '../src/app.ts'
import { expect, test } from '../src/fixtures.ts'
import { type FaultyRpc, startFaultyRpc } from '../src/startFaultyRpc.ts'
import { type IsolatedApi, startIsolatedApi } from '../src/startIsolatedApi.ts'

let api: IsolatedApi | undefined
const nodes: FaultyRpc[] = []

test.afterEach(async () => {
  await api?.stop()
  for (const node of nodes.splice(0)) await node.stop()
})

test('the RPC node dies under the open account panel: the toast, then full recovery after 30 s', async ({
  page,
  injectedWallet,
  manifest,
}) => {
  // The API caches balances for 30 s and the spec allows a retry 30 s after a failure.
  test.setTimeout(110_000)
  const sharedApiUrl = process.env.LATCH_E2E_API_URL
  if (!sharedApiUrl) throw new Error('LATCH_E2E_API_URL is not set: run with the e2e config.')
  // The test's own API reads the chains through nodes it can kill; the shared anvils stay up.
  const rpcUrls = new Map<number, string>()
  for (const chain of manifest.chains) {
    const node = await startFaultyRpc(chain.rpcUrl)
    nodes.push(node)
    rpcUrls.set(chain.id, node.url)
  }
  api = await startIsolatedApi(manifest, rpcUrls)
  await api.routePage(page, sharedApiUrl)
  const balanceRequests: { at: number; status: number }[] = []
  page.on('response', (response) => {
    if (/\/v1\/account\/[^/]+\/balance\?/.test(response.url()))
      balanceRequests.push({ at: Date.now(), status: response.status() })
  })

  await connectWith(page, /Test Wallet/, injectedWallet.address as Address)
  const tokens = page.getByRole('tabpanel', { name: 'Tokens' })
  const symbols = ['ETH', 'LUSD', 'WETH', 'ALPHA', 'BETA']
  const amounts = () =>
    Promise.all(
      symbols.map((symbol) =>
        tokens.getByTestId(`token-${symbol}`).getByTestId('token-amount').textContent(),
      ),
    )
  await expect(tokens.getByTestId('token-BETA').getByTestId('token-amount')).toBeVisible()
  const before = await amounts()
  const total = await page.getByTestId('account-total').textContent()
  expect(before.every((amount) => amount && /\d/.test(amount))).toBe(true)

  // Kill the node while the panel is shown.
  for (const node of nodes) await node.kill()
  const toast = page.getByTestId('latch-toast').filter({ hasText: 'Token Balance Unavailable' })
  // Up to 30 s of cached balances, then the next 8 s refetch fails.
  await expect(toast).toBeVisible({ timeout: 45_000 })
  const failure = balanceRequests.findLast((request) => request.status >= 400)
  expect(failure, 'the failed balance request').toBeDefined()

  // The node comes back. No new balance request goes out until 30 s after the failure...
  for (const node of nodes) await node.revive()
  const failedAt = failure?.at ?? 0
  await expect
    .poll(
      () => balanceRequests.some((request) => request.at > failedAt && request.status === 200),
      { timeout: 45_000, message: 'a successful balance request after the failure' },
    )
    .toBe(true)
  const firstAfter = balanceRequests.find((request) => request.at > failedAt)
  expect((firstAfter?.at ?? 0) - failedAt).toBeGreaterThanOrEqual(29_000)
  await expect(tokens.getByText('Token Balance Unavailable')).toHaveCount(0)
  expect(await amounts()).toEqual(before)
  // ...and then the panel is whole again: every amount and the total as before.
  await expect(page.getByTestId('account-total')).toHaveText(total ?? '')
})
