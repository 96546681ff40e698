import type { DevnetManifest } from '@latch/api-contract'
import type { Page } from '@playwright/test'
import { formatUnits, parseUnits } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { axeViolations, connectWith, connectWithWalletConnect, installAxe } from '../src/app.ts'
import { fund } from '../src/devnet.ts'
import { accountAddress, approveInFrame, signUpByEmail } from '../src/emailWallet.ts'
import { expect, test } from '../src/fixtures.ts'
import { installInjectedWallet } from '../src/injectedWallet.ts'
import { chainBalance } from '../src/send.ts'
import { fillSwap, fundedKey, movePool, openSwap } from '../src/swap.ts'

function firstChain(manifest: DevnetManifest) {
  const chain = manifest.chains[0]
  if (!chain) throw new Error('No devnet chain.')
  return chain
}

const toast = (page: Page, text: string | RegExp) =>
  page.getByTestId('latch-toast').filter({ hasText: text }).first()

/** A fresh, funded account behind the injected test wallet, connected. */
async function connectFresh(page: Page, manifest: DevnetManifest) {
  const privateKey = generatePrivateKey()
  const address = await fundedKey(manifest, privateKey)
  const wallet = await installInjectedWallet(page, { manifest, privateKey })
  await connectWith(page, /Test Wallet/, address)
  return { wallet, address, privateKey }
}

// The pool-moving test changes the LUSD/ALPHA price: the swaps here run one after another.
test.describe.configure({ mode: 'serial' })

test('approve then swap LUSD for ALPHA with the injected wallet: balances and Activity follow', async ({
  page,
  manifest,
}) => {
  test.setTimeout(120_000)
  const chain = firstChain(manifest)
  const { wallet, address } = await connectFresh(page, manifest)
  const lusdBefore = await chainBalance(chain, address, 'LUSD')
  const alphaBefore = await chainBalance(chain, address, 'ALPHA')

  const dialog = await openSwap(page)
  await fillSwap(page, { from: 'LUSD', to: 'ALPHA', amount: '10' })
  await expect(dialog.getByTestId('swap-receive')).toHaveText(/^4\.9\d*$/)
  await expect(dialog.getByTestId('swap-price-impact')).toHaveText(/^0\.\d\d%$/)
  await expect(dialog.getByTestId('swap-fee')).toHaveText(/ ETH$/)
  await expect(dialog.getByTestId('swap-minimum')).toHaveText(/ ALPHA$/)
  await expect(dialog.getByTestId('swap-warning')).toHaveCount(0)

  // The allowance is short: the approval comes first, exact by default.
  const submit = dialog.getByTestId('swap-submit')
  await expect(submit).toHaveText('Approve LUSD')
  await expect(dialog.getByRole('radio', { name: 'This amount only' })).toBeChecked()
  await submit.click()
  await expect(toast(page, 'LUSD approved')).toBeVisible({ timeout: 30_000 })
  const approval = wallet.log.find((entry) => entry.method === 'eth_sendTransaction')
  expect(approval?.params).toEqual([
    expect.objectContaining({
      from: address,
      to: chain.tokens.find((token) => token.symbol === 'LUSD')?.address,
      // approve(router, 10 LUSD): the exact amount, not unlimited.
      data: expect.stringMatching(/^0x095ea7b3[0-9a-f]{64}0{56}00989680$/),
    }),
  ])

  await expect(submit).toHaveText('Swap')
  await submit.click()
  await expect(toast(page, /^Swapped 10 LUSD for 4\.9\d* ALPHA$/)).toBeVisible({ timeout: 30_000 })
  await expect(dialog.getByLabel('Amount to pay', { exact: true })).toHaveValue('')
  expect(await chainBalance(chain, address, 'LUSD')).toBe(lusdBefore - parseUnits('10', 6))
  const alphaGained = (await chainBalance(chain, address, 'ALPHA')) - alphaBefore
  expect(Number(formatUnits(alphaGained, 18))).toBeGreaterThan(4.9)
  // The view's balances follow at once.
  await expect(dialog.getByTestId('swap-from-balance')).toContainText(
    Number(formatUnits(lusdBefore - parseUnits('10', 6), 6)).toLocaleString('en-US', {
      minimumFractionDigits: 3,
      maximumFractionDigits: 3,
    }),
  )

  // Activity shows the swap as a trade ("Swapped"), with the ALPHA received.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.getByRole('tab', { name: 'Activity' }).click()
  const rows = page.getByRole('tabpanel', { name: 'Activity' }).getByTestId('activity-row')
  const trade = rows.filter({ hasText: 'ALPHA' }).first()
  await expect(trade).toBeVisible({ timeout: 30_000 })
  await expect(trade).toContainText('Swapped')
})

test('swap the native coin: ETH for LUSD, no approval', async ({ page, manifest }) => {
  test.setTimeout(90_000)
  const chain = firstChain(manifest)
  const { wallet, address } = await connectFresh(page, manifest)
  const lusdBefore = await chainBalance(chain, address, 'LUSD')

  const dialog = await openSwap(page)
  // The native coin is what is sold by default.
  await expect(dialog.getByTestId('swap-from-token')).toHaveAccessibleName('Token to pay with: ETH')
  await fillSwap(page, { from: 'ETH', to: 'LUSD', amount: '0.1' })
  await expect(dialog.getByTestId('swap-receive')).toHaveText(/^29\d(\.\d+)?$/)
  const submit = dialog.getByTestId('swap-submit')
  await expect(submit).toHaveText('Swap')
  await expect(dialog.getByTestId('swap-approval')).toHaveCount(0)
  await submit.click()
  await expect(toast(page, /^Swapped 0\.1 ETH for 29\d(\.\d+)? LUSD$/)).toBeVisible({
    timeout: 30_000,
  })
  const sent = wallet.log.filter((entry) => entry.method === 'eth_sendTransaction')
  expect(sent).toHaveLength(1)
  expect(sent[0]?.params).toEqual([
    expect.objectContaining({ to: chain.contracts.uniswapV2Router, value: '0x16345785d8a0000' }),
  ])
  const gained = (await chainBalance(chain, address, 'LUSD')) - lusdBefore
  expect(Number(formatUnits(gained, 6))).toBeGreaterThan(290)
})

test('slippage exceeded: the pool moves between quote and swap; a clear error, nothing lost', async ({
  page,
  manifest,
}) => {
  test.setTimeout(120_000)
  const chain = firstChain(manifest)
  const { wallet, address } = await connectFresh(page, manifest)
  const mover = generatePrivateKey()
  await fundedKey(manifest, mover)

  const dialog = await openSwap(page)
  await fillSwap(page, { from: 'LUSD', to: 'ALPHA', amount: '20' })
  // Unlimited this time; then the tightest tolerance.
  await dialog.getByRole('radio', { name: 'Unlimited' }).check()
  await dialog.getByTestId('swap-submit').click()
  await expect(toast(page, 'LUSD approved')).toBeVisible({ timeout: 30_000 })
  const approval = wallet.log.find((entry) => entry.method === 'eth_sendTransaction')
  expect(approval?.params).toEqual([
    expect.objectContaining({ data: expect.stringMatching(/f{64}$/) }),
  ])
  await dialog.getByLabel('Custom slippage tolerance, in percent').fill('0.01')
  await expect(dialog.getByTestId('swap-rate')).toBeVisible({ timeout: 15_000 })
  await expect(dialog.getByTestId('swap-submit')).toHaveText('Swap')
  const lusdBefore = await chainBalance(chain, address, 'LUSD')
  const alphaBefore = await chainBalance(chain, address, 'ALPHA')

  // Another trader moves the LUSD/ALPHA price (0.1% of the pool) before the person confirms.
  await movePool(chain, mover, { symbol: 'LUSD', other: 'ALPHA', amount: parseUnits('2000', 6) })
  const sentBefore = wallet.log.filter((entry) => entry.method === 'eth_sendTransaction').length
  await dialog.getByTestId('swap-submit').click()
  await expect(dialog.getByTestId('swap-failure')).toHaveText(
    'The price moved beyond your slippage tolerance; nothing was swapped. Check the new quote.',
    { timeout: 30_000 },
  )
  await expect(toast(page, 'The price moved beyond your slippage tolerance')).toBeVisible()
  // Refused before signing: the wallet was never asked, nothing moved (not even gas).
  expect(wallet.log.filter((entry) => entry.method === 'eth_sendTransaction')).toHaveLength(
    sentBefore,
  )
  expect(await chainBalance(chain, address, 'LUSD')).toBe(lusdBefore)
  expect(await chainBalance(chain, address, 'ALPHA')).toBe(alphaBefore)
  // The inputs stay, with a fresh quote at the new price; it can go through now.
  await expect(dialog.getByLabel('Amount to pay', { exact: true })).toHaveValue('20')
  await expect(dialog.getByTestId('swap-submit')).toHaveText('Swap', { timeout: 15_000 })
})

test('phone-sized, keyboard only: every control labelled, axe-clean, a swap done with keys', async ({
  page,
  manifest,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 375, height: 740 })
  await installAxe(page)
  await connectFresh(page, manifest)
  const dialog = await openSwap(page)
  await expect(dialog.getByLabel('Amount to pay', { exact: true })).toBeFocused()
  expect(await axeViolations(page)).toEqual([])

  // To the "receive" token button by Tab, open the picker with Enter, search, choose with Enter.
  await dialog.getByTestId('swap-to-token').focus()
  await page.keyboard.press('Enter')
  const picker = page.getByRole('dialog', { name: 'Select a token' })
  await expect(picker.getByLabel('Search token')).toBeFocused()
  await page.keyboard.type('lus')
  await page.keyboard.press('Tab')
  await expect(picker.getByTestId('swap-token-LUSD')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog.getByTestId('swap-to-token')).toHaveAccessibleName('Token to receive: LUSD')
  await dialog.getByLabel('Amount to pay', { exact: true }).focus()
  await page.keyboard.type('0.01')
  await expect(dialog.getByTestId('swap-rate')).toBeVisible({ timeout: 15_000 })
  expect(await axeViolations(page)).toEqual([])
  const box = await dialog.getByTestId('swap-submit').boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true)
  await page.keyboard.press('Enter')
  await expect(toast(page, /^Swapped 0\.01 ETH for /)).toBeVisible({ timeout: 30_000 })
})

test('the embedded (email) wallet swaps ETH for ALPHA, approved in its frame', async ({
  page,
  manifest,
}) => {
  test.setTimeout(150_000)
  const chain = firstChain(manifest)
  await signUpByEmail(page, `swap-${Date.now().toString(36)}@example.com`)
  const address = await accountAddress(page)
  await fund(manifest, address, { chainId: chain.id })
  const alphaBefore = await chainBalance(chain, address, 'ALPHA')

  const dialog = await openSwap(page)
  await fillSwap(page, { from: 'ETH', to: 'ALPHA', amount: '0.05' })
  await dialog.getByTestId('swap-submit').click()
  await approveInFrame(page)
  await expect(toast(page, /^Swapped 0\.05 ETH for \d+(\.\d+)? ALPHA$/)).toBeVisible({
    timeout: 30_000,
  })
  expect(await chainBalance(chain, address, 'ALPHA')).toBeGreaterThan(alphaBefore)
})

test('a token for the native coin: LUSD for ETH (the router pays the ETH out)', async ({
  page,
  manifest,
}) => {
  test.setTimeout(120_000)
  const chain = firstChain(manifest)
  const { address } = await connectFresh(page, manifest)
  const ethBefore = await chainBalance(chain, address)
  const lusdBefore = await chainBalance(chain, address, 'LUSD')
  const dialog = await openSwap(page)
  await fillSwap(page, { from: 'LUSD', to: 'ETH', amount: '300' })
  await dialog.getByTestId('swap-submit').click()
  await expect(toast(page, 'LUSD approved')).toBeVisible({ timeout: 30_000 })
  await dialog.getByTestId('swap-submit').click()
  await expect(toast(page, /^Swapped 300 LUSD for 0\.09\d* ETH$/)).toBeVisible({
    timeout: 30_000,
  })
  expect(await chainBalance(chain, address, 'LUSD')).toBe(lusdBefore - parseUnits('300', 6))
  expect(await chainBalance(chain, address)).toBeGreaterThan(ethBefore)
  // Activity lists it as a trade: the router pays the ETH out by an internal call that logs
  // nothing, so only the LUSD going out is seen, but the router swap names the operation.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.getByRole('tab', { name: 'Activity' }).click()
  const rows = page.getByRole('tabpanel', { name: 'Activity' }).getByTestId('activity-row')
  const trade = rows.filter({ hasText: 'LUSD' }).first()
  await expect(trade).toBeVisible({ timeout: 30_000 })
  await expect(trade).toContainText('Swapped')
})

test('the WalletConnect wallet swaps ETH for LUSD', async ({
  page,
  manifest,
  walletConnectWallet,
}) => {
  test.setTimeout(120_000)
  const chain = firstChain(manifest)
  await connectWithWalletConnect(page, walletConnectWallet)
  const lusdBefore = await chainBalance(chain, walletConnectWallet.address, 'LUSD')
  const dialog = await openSwap(page)
  await fillSwap(page, { from: 'ETH', to: 'LUSD', amount: '0.02' })
  await dialog.getByTestId('swap-submit').click()
  await expect(toast(page, /^Swapped 0\.02 ETH for 59\.\d+ LUSD$/)).toBeVisible({
    timeout: 30_000,
  })
  expect(await chainBalance(chain, walletConnectWallet.address, 'LUSD')).toBeGreaterThan(lusdBefore)
  expect(
    walletConnectWallet.backend.log.filter((entry) => entry.method === 'eth_sendTransaction'),
  ).toHaveLength(1)
})

test('the price moves while the wallet asks: the swap reverts on chain, a clear error, no token lost', async ({
  page,
  manifest,
}) => {
  test.setTimeout(120_000)
  const chain = firstChain(manifest)
  const { wallet, address } = await connectFresh(page, manifest)
  const mover = generatePrivateKey()
  await fundedKey(manifest, mover)
  const dialog = await openSwap(page)
  await fillSwap(page, { from: 'LUSD', to: 'ALPHA', amount: '20' })
  await dialog.getByTestId('swap-submit').click()
  await expect(toast(page, 'LUSD approved')).toBeVisible({ timeout: 30_000 })
  await dialog.getByLabel('Custom slippage tolerance, in percent').fill('0.05')
  await expect(dialog.getByTestId('swap-submit')).toHaveText('Swap', { timeout: 15_000 })
  const lusdBefore = await chainBalance(chain, address, 'LUSD')
  const alphaBefore = await chainBalance(chain, address, 'ALPHA')

  // Built and simulated at the quoted price; while the person reads the wallet's prompt, the
  // pool moves 0.25% (past the 0.05% tolerance), so the router refuses it when it is mined.
  const release = wallet.hold('eth_sendTransaction')
  await dialog.getByTestId('swap-submit').click()
  await expect(dialog.getByTestId('swap-submit')).toHaveText('Approve in Test Wallet…')
  await movePool(chain, mover, { symbol: 'LUSD', other: 'ALPHA', amount: parseUnits('5000', 6) })
  release()
  await expect(dialog.getByTestId('swap-failure')).toHaveText(
    'The swap failed on chain; nothing was swapped.',
    { timeout: 30_000 },
  )
  await expect(toast(page, 'The swap failed on chain')).toBeVisible()
  expect(await chainBalance(chain, address, 'LUSD')).toBe(lusdBefore)
  expect(await chainBalance(chain, address, 'ALPHA')).toBe(alphaBefore)
  await expect(dialog.getByLabel('Amount to pay', { exact: true })).toHaveValue('20')
})

test.describe('in a restricted time zone', () => {
  test.use({ timezoneId: 'Asia/Shanghai' })

  test('shows no Swap button (spec section 9: restricted time zones see no swaps)', async ({
    page,
    manifest,
  }) => {
    await connectFresh(page, manifest)
    await expect(page.locator('[data-testid^="account-feature-"]')).toHaveText(['Receive', 'Send'])
  })
})
