import type { DevnetChain } from '@latch/api-contract'
import type { Page } from '@playwright/test'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  http,
  numberToHex,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { axeViolations, connectWith, installAxe } from '../src/app.ts'
import { fund } from '../src/devnet.ts'
import { expect, test } from '../src/fixtures.ts'

const minus = '\u2212'

/** An amount as the panel shows it: en-US, 3 decimals. */
const threeDecimals = (value: string) =>
  Number(value).toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })

/** A token's balance as the chain has it, formatted as the Tokens tab shows it. */
async function chainAmount(chain: DevnetChain, symbol: string, owner: Address): Promise<string> {
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  const token = chain.tokens.find((t) => t.symbol === symbol)
  if (!token) throw new Error(`No ${symbol} on ${chain.name}.`)
  const raw = await client.readContract({
    address: token.address as Address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
  return threeDecimals(formatUnits(raw, token.decimals))
}

async function expectNoAxeViolations(page: Page, label: string) {
  expect(await axeViolations(page), label).toEqual([])
}

test('the account panel: tokens as on the chain, then new activity and a new NFT appear live', async ({
  page,
  injectedWallet,
  manifest,
}) => {
  test.setTimeout(120_000)
  const chain = manifest.chains[0]
  if (!chain) throw new Error('no chain')
  const owner = injectedWallet.address as Address
  const lusd = chain.tokens.find((t) => t.symbol === 'LUSD')
  if (!lusd) throw new Error('no LUSD')

  await installAxe(page)
  await connectWith(page, /Test Wallet/, owner)

  // Header: total in USD, native balance, network, copy, disconnect.
  await expect(page.getByTestId('account-total')).toHaveText(/^\$[\d,]+\.\d{2}$/)
  await expect(page.getByTestId('account-balance')).toContainText(' ETH')
  await expect(page.getByRole('button', { name: 'Copy address' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Disconnect' })).toBeVisible()
  // Only the wallet features that are built, in the configured order: no dead buttons.
  await expect(page.locator('[data-testid^="account-feature-"]')).toHaveText([
    'Buy',
    'Swap',
    'Receive',
    'Send',
  ])

  // Tokens: every ERC-20 with decimals, amounts equal to the chain's; no PTS (0 decimals).
  const tabs = page.getByRole('tablist', { name: 'Assets and activity' })
  const tokensTab = tabs.getByRole('tab', { name: 'Tokens' })
  await expect(tokensTab).toHaveAttribute('aria-selected', 'true')
  const tokens = page.getByRole('tabpanel', { name: 'Tokens' })
  for (const symbol of ['LUSD', 'WETH', 'ALPHA', 'BETA'])
    await expect(tokens.getByTestId(`token-${symbol}`).getByTestId('token-amount')).toHaveText(
      await chainAmount(chain, symbol, owner),
    )
  await expect(tokens.getByTestId('token-ETH')).toBeVisible()
  await expect(tokens.getByTestId('token-PTS')).toHaveCount(0)
  // Sorted by value, highest first.
  const values = await tokens
    .getByTestId('token-value')
    .allTextContents()
    .then((texts) => texts.map((text) => Number(text.replace(/[^\d.]/g, ''))))
  expect(values).toEqual([...values].sort((a, b) => b - a))
  await expectNoAxeViolations(page, 'Tokens')

  // Arrow keys move between tabs: NFTs, then Activity.
  await tokensTab.focus()
  await page.keyboard.press('ArrowRight')
  const nftsTab = tabs.getByRole('tab', { name: 'NFTs' })
  await expect(nftsTab).toBeFocused()
  await expect(nftsTab).toHaveAttribute('aria-selected', 'true')
  const nfts = page.getByRole('tabpanel', { name: 'NFTs' })
  await expect(
    nfts.getByTestId('nft-grid').or(nfts.getByText('No NFTs on this network yet.')),
  ).toBeVisible()
  const nftsBefore = await nfts.getByTestId('nft-item').count()
  await expectNoAxeViolations(page, 'NFTs')

  await page.keyboard.press('ArrowRight')
  const activityTab = tabs.getByRole('tab', { name: 'Activity' })
  await expect(activityTab).toBeFocused()
  const activity = page.getByRole('tabpanel', { name: 'Activity' })
  await expect(
    activity.getByTestId('activity-list').or(activity.getByText('No activity yet.')),
  ).toBeVisible()
  await expectNoAxeViolations(page, 'Activity')

  // From the wallet: an ERC-20 transfer and a native transfer; from the faucet: an NFT.
  const recipient = privateKeyToAccount(generatePrivateKey()).address
  await injectedWallet.request({
    method: 'eth_sendTransaction',
    params: [
      {
        from: owner,
        to: lusd.address,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [recipient, parseUnits('1.5', lusd.decimals)],
        }),
      },
    ],
  })
  await injectedWallet.request({
    method: 'eth_sendTransaction',
    params: [{ from: owner, to: recipient, value: numberToHex(parseEther('0.25')) }],
  })
  const minted = (await fund(manifest, owner, { chainId: chain.id, token: 'LANTERN' })) as {
    funded: { tokenIds?: string[] }[]
  }
  const tokenId = minted.funded.flatMap((asset) => asset.tokenIds ?? [])[0]
  if (!tokenId) throw new Error('The faucet minted no LANTERN.')

  // Activity follows without a reload (the panel refetches on an interval).
  const rows = activity.getByTestId('activity-row')
  const sentLusd = rows.filter({ hasText: `${minus}1.500 LUSD` })
  await expect(sentLusd.first()).toBeVisible({ timeout: 30_000 })
  await expect(sentLusd.first()).toContainText('Sent')
  await expect(sentLusd.first()).toContainText(/\d+ (sec|min) ago/)
  const sentEth = rows.filter({ hasText: `${minus}0.250 ETH` })
  await expect(sentEth.first()).toBeVisible({ timeout: 30_000 })
  await expect(sentEth.first()).toContainText('Sent')
  await expect(sentEth.first()).toContainText(`To ${recipient.slice(0, 6)}…${recipient.slice(-4)}`)
  const mint = rows.filter({
    has: page.getByTestId('activity-amount').filter({ hasText: new RegExp(`#${tokenId}$`) }),
  })
  await expect(mint.first()).toBeVisible({ timeout: 30_000 })
  await expect(mint.first().locator('img')).toHaveCount(1)
  await expect(activity.getByRole('heading', { name: 'Today' })).toBeVisible()
  // Devnet chains have no block explorer: no link.
  await expect(activity.getByRole('link', { name: 'View on block explorer' })).toHaveCount(0)
  await expectNoAxeViolations(page, 'Activity with new transactions')

  // The NFT shows in the NFTs tab, its image loaded through the API's proxy.
  await nftsTab.click()
  const items = nfts.getByTestId('nft-item')
  await expect(items).toHaveCount(nftsBefore + 1, { timeout: 30_000 })
  const lantern = items.filter({ hasText: `Lantern #${tokenId}` })
  await expect(lantern).toContainText('Latch Lanterns')
  await expect
    .poll(() => lantern.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0)
  await expectNoAxeViolations(page, 'NFTs with the new NFT')

  // And the Tokens tab follows the chain too.
  await tokensTab.click()
  await expect(tokens.getByTestId('token-LUSD').getByTestId('token-amount')).toHaveText(
    await chainAmount(chain, 'LUSD', owner),
    { timeout: 30_000 },
  )
})

test('failures: "Token Balance Unavailable" and "Failed to fetch transactions" with empty lists', async ({
  page,
  injectedWallet,
}) => {
  test.setTimeout(60_000)
  await page.route(/\/v1\/account\/[^/]+\/balance\?/, (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'UPSTREAM_UNAVAILABLE', message: 'RPC down.' } }),
    }),
  )
  await page.route(/\/v1\/account\/[^/]+\/history\?/, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal error.' } }),
    }),
  )
  await installAxe(page)
  await connectWith(page, /Test Wallet/, injectedWallet.address)

  await expect(
    page.getByTestId('latch-toast').filter({ hasText: 'Token Balance Unavailable' }),
  ).toBeVisible()
  const tokens = page.getByRole('tabpanel', { name: 'Tokens' })
  await expect(tokens.getByText('Token Balance Unavailable')).toBeVisible()
  // Retrying is allowed only 30 s after the failure.
  await expect(tokens.getByRole('button', { name: 'Retry' })).toHaveCount(0)

  await page.getByRole('tab', { name: 'Activity' }).click()
  const activity = page.getByRole('tabpanel', { name: 'Activity' })
  // Retried with a doubling delay (1 s, 2 s, 4 s) before the list gives up.
  await expect(activity.getByText('Failed to fetch transactions')).toBeVisible({ timeout: 20_000 })
  await expect(activity.getByTestId('activity-row')).toHaveCount(0)
  await expectNoAxeViolations(page, 'failures')
})
