import { historyResponseSchema } from '@latch/api-contract'
import type { Page } from '@playwright/test'
import { formatEther } from 'viem'
import { axeViolations, connectWith, installAxe } from '../src/app.ts'
import { webUrl } from '../src/devnet.ts'
import { expect, test } from '../src/fixtures.ts'
import { buyQuote, continueToCheckout, openBuy, payOnCheckout, testCard } from '../src/onramp.ts'
import { chainBalance } from '../src/send.ts'
import { startIsolatedApi } from '../src/startIsolatedApi.ts'

/** The devnet sandbox's brands, as the API names them. */
const coinbase = { id: 'coinbase', name: 'Sandbox Coinbase' }
const moonpay = { id: 'moonpay', name: 'Sandbox MoonPay' }

const toast = (page: Page, text: RegExp) =>
  page.getByTestId('latch-toast').filter({ hasText: text }).first()

/** The API's on-ramp history page of an address (`onramp=coinbase|moonpay|all`). */
async function onrampHistory(projectId: string, address: string, onramp: string) {
  const response = await fetch(
    `${process.env.LATCH_E2E_API_URL}/v1/account/${address}/history?projectId=${projectId}&onramp=${onramp}`,
  )
  expect(response.status).toBe(200)
  return historyResponseSchema.parse(await response.json()).data
}

async function connectDevnetWallet(page: Page, address: string) {
  await page.goto(webUrl())
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByRole('button', { name: /^Devnet Wallet/ }).click()
  await page
    .getByRole('alertdialog', { name: /Devnet Wallet/ })
    .getByRole('button', { name: 'Confirm' })
    .click()
  await expect(page.getByTestId('account-address')).toContainText(address)
}

test('buy 100 USD of test ETH with a card through the Coinbase sandbox, with the Devnet Wallet: balance, Activity, history filter', async ({
  page,
  manifest,
}) => {
  test.setTimeout(120_000)
  const chain = manifest.chains[0]
  if (!chain) throw new Error('No devnet chain.')
  const address = manifest.demoWallet.address
  await connectDevnetWallet(page, address)
  const before = await chainBalance(chain, address)
  const purchasesBefore = await onrampHistory(manifest.projectId, address, 'coinbase')

  // The feature order puts Buy first (spec default: onramp, swaps, receive, send).
  await expect(page.locator('[data-testid^="account-feature-"]').first()).toHaveText('Buy')
  const dialog = await openBuy(page)
  await expect(dialog.getByLabel('Buy', { exact: true })).toHaveValue(/^ETH:/)
  await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue('100')
  await expect(dialog.getByLabel('Pay in')).toHaveValue('USD')
  await expect(dialog.getByTestId('buy-method-card')).toContainText(/Card\s*[\d,]+–[\d,]+ USD/)
  await expect(dialog.getByTestId('buy-method-ach_bank_account')).toContainText('Bank account')
  // A quote from each provider with its fee; none is an estimate while both answer.
  await expect(buyQuote(dialog, 'coinbase')).toContainText(/≈ 0\.\d+ ETH/)
  await expect(buyQuote(dialog, 'coinbase')).toContainText(/Fee \$\d+\.\d\d/)
  await expect(buyQuote(dialog, 'moonpay')).toContainText(/≈ 0\.\d+ ETH/)
  await expect(dialog.getByTestId('buy-estimated')).toHaveCount(0)

  const checkout = await continueToCheckout(page, dialog, coinbase)
  await expect(dialog.getByTestId('buy-waiting')).toHaveText(
    'Complete the purchase in the Sandbox Coinbase window',
  )
  await expect(checkout.getByLabel('Amount to pay')).toHaveValue('100')
  await payOnCheckout(checkout, testCard)
  await expect(checkout.getByRole('heading', { name: 'Purchase complete' })).toBeVisible({
    timeout: 30_000,
  })
  await checkout.close()

  // The app sees the purchase arrive: success, a toast, the balance grown.
  await expect(dialog.getByTestId('buy-received')).toContainText(
    / ETH arrived from Sandbox Coinbase\./,
    {
      timeout: 30_000,
    },
  )
  await expect(toast(page, /^Bought [\d.]+ ETH$/)).toBeVisible()
  const purchases = await onrampHistory(manifest.projectId, address, 'coinbase')
  const purchase = purchases.find((item) => !purchasesBefore.some((old) => old.id === item.id))
  expect(purchase?.metadata).toMatchObject({
    onramp: 'coinbase',
    status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
  })
  const bought = purchase?.transfers[0]?.quantity.numeric ?? '0'
  expect(Number(bought)).toBeGreaterThan(0)
  expect(Number(formatEther((await chainBalance(chain, address)) - before))).toBeGreaterThanOrEqual(
    Number(bought) - 1e-9,
  )

  // Activity: the purchase, marked with its provider.
  await dialog.getByRole('button', { name: 'Done' }).click()
  await page.keyboard.press('Escape')
  await page.getByRole('tab', { name: 'Activity' }).click()
  const row = page
    .getByRole('tabpanel', { name: 'Activity' })
    .getByTestId('activity-row')
    .filter({ hasText: 'From Coinbase' })
    .first()
  await expect(row).toBeVisible({ timeout: 30_000 })
  await expect(row).toContainText('Bought')
})

test('buy through the MoonPay sandbox with the test wallet; a refused card shows the checkout message', async ({
  page,
  injectedWallet,
  manifest,
}) => {
  test.setTimeout(120_000)
  await connectWith(page, /Test Wallet/, injectedWallet.address)
  const dialog = await openBuy(page)
  // A preset amount, then the limits: a bank transfer takes more than a card.
  await dialog.getByRole('button', { name: '250 USD' }).click()
  await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue('250')
  await dialog.getByLabel('Amount', { exact: true }).fill('20000')
  await expect(dialog.getByTestId('buy-amount-error')).toHaveText(
    /^The maximum for Card is [\d,]+ USD$/,
  )
  await expect(dialog.getByRole('button', { name: /^Continue to/ })).toHaveCount(0)
  await dialog.getByTestId('buy-method-ach_bank_account').getByRole('radio').check()
  await expect(dialog.getByTestId('buy-amount-error')).toHaveCount(0)
  await dialog.getByTestId('buy-method-card').getByRole('radio').check()
  await dialog.getByLabel('Amount', { exact: true }).fill('100')
  await expect(buyQuote(dialog, 'moonpay')).toContainText(/Fee \$\d+\.\d\d/)

  const checkout = await continueToCheckout(page, dialog, moonpay)
  await expect(dialog.getByTestId('buy-waiting')).toHaveText(
    'Complete the purchase in the Sandbox MoonPay window',
  )
  // A card number that is not a test card is refused, and nothing is charged.
  await payOnCheckout(checkout, '4111 1111 1111 1112')
  await expect(checkout.getByRole('alert')).toContainText(
    'This sandbox takes test card numbers only',
  )
  await payOnCheckout(checkout, testCard)
  await expect(checkout.getByRole('heading', { name: 'Purchase complete' })).toBeVisible({
    timeout: 30_000,
  })
  await expect(dialog.getByTestId('buy-received')).toContainText(
    / ETH arrived from Sandbox MoonPay\./,
    {
      timeout: 30_000,
    },
  )
  const purchases = await onrampHistory(manifest.projectId, injectedWallet.address, 'moonpay')
  expect(purchases.length).toBeGreaterThan(0)
  expect(purchases[0]?.metadata.onramp).toBe('moonpay')
})

test('popups blocked: the page itself goes to the checkout, and Back to the app shows the purchase in Activity', async ({
  page,
  injectedWallet,
}) => {
  test.setTimeout(90_000)
  // A browser that blocks the window: window.open answers null.
  await page.addInitScript(() => {
    window.open = () => null
  })
  await connectWith(page, /Test Wallet/, injectedWallet.address)
  const dialog = await openBuy(page)
  await buyQuote(dialog, 'coinbase').getByRole('radio').check()
  await dialog.getByRole('button', { name: `Continue to ${coinbase.name}` }).click()
  await page.waitForURL(/\/onramp\/checkout\/coinbase/)
  await payOnCheckout(page, testCard)
  await expect(page.getByRole('heading', { name: 'Purchase complete' })).toBeVisible({
    timeout: 30_000,
  })
  await page.getByRole('link', { name: 'Back to the app' }).click()
  await page.waitForURL((url) => url.href.startsWith(webUrl()))
  await expect(page.getByTestId('account-address')).toContainText(injectedWallet.address)
  await page.getByRole('tab', { name: 'Activity' }).click()
  const row = page
    .getByRole('tabpanel', { name: 'Activity' })
    .getByTestId('activity-row')
    .filter({ hasText: 'From Coinbase' })
    .first()
  await expect(row).toBeVisible({ timeout: 30_000 })
  await expect(row).toContainText('Bought')
})

test('Buy on a phone-sized screen, by keyboard: every control reachable; Cancel stops the wait', async ({
  page,
  injectedWallet,
}) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await installAxe(page)
  await connectWith(page, /Test Wallet/, injectedWallet.address)
  const dialog = await openBuy(page)
  const continueButton = dialog.getByRole('button', { name: /^Continue to / })
  await expect(continueButton).toBeEnabled({ timeout: 20_000 })
  expect(await axeViolations(page)).toEqual([])
  // Nothing sticks out of the phone's width.
  const width = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)
  expect(width).toBeLessThanOrEqual(0)
  // Tab walks the form, from the currency to Continue.
  await dialog.getByLabel('Buy', { exact: true }).focus()
  for (let step = 0; step < 20; step++) {
    if (await continueButton.evaluate((element) => element === document.activeElement)) break
    await page.keyboard.press('Tab')
  }
  await expect(continueButton).toBeFocused()
  const opened = page.waitForEvent('popup')
  await page.keyboard.press('Enter')
  const checkout = await opened
  await expect(dialog.getByTestId('buy-waiting')).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog.getByTestId('buy-view')).toBeVisible()
  await checkout.close()
})

test('a provider that does not answer: its quote is an estimate, marked; none answering: the default options', async ({
  page,
  injectedWallet,
  manifest,
}) => {
  test.setTimeout(90_000)
  const sharedApiUrl = process.env.LATCH_E2E_API_URL
  if (!sharedApiUrl || !manifest.onramp) throw new Error('No API or on-ramp sandbox to test.')
  // Nothing listens on port 9 (discard): the provider's API is down.
  const down = (ids: readonly string[]) => ({
    onramp: {
      providers:
        manifest.onramp?.providers.map((provider) =>
          ids.includes(provider.id) ? { ...provider, apiUrl: 'http://127.0.0.1:9/api' } : provider,
        ) ?? [],
    },
  })
  const oneDown = await startIsolatedApi(manifest, new Map(), down(['moonpay']))
  try {
    await oneDown.routePage(page, sharedApiUrl)
    await connectWith(page, /Test Wallet/, injectedWallet.address)
    const dialog = await openBuy(page)
    await expect(buyQuote(dialog, 'moonpay').getByTestId('buy-estimated')).toHaveText('Estimated', {
      timeout: 20_000,
    })
    await expect(buyQuote(dialog, 'coinbase').getByTestId('buy-estimated')).toHaveCount(0)
    await expect(dialog.getByTestId('buy-fallback')).toHaveCount(0)
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await oneDown.stop()
  }

  const allDown = await startIsolatedApi(manifest, new Map(), down(['coinbase', 'moonpay']))
  try {
    await allDown.routePage(page, sharedApiUrl)
    await page.reload()
    await expect(page.getByTestId('account-address')).toContainText(injectedWallet.address)
    const dialog = await openBuy(page)
    // The built-in list (card 10-7,500 and bank account 10-25,000, in USD and EUR).
    await expect(dialog.getByTestId('buy-fallback')).toHaveText(
      'The providers did not answer: showing the default options.',
    )
    await expect(dialog.getByTestId('buy-method-card')).toContainText('10–7,500 USD')
    await expect(dialog.getByTestId('buy-method-ach_bank_account')).toContainText('10–25,000 USD')
    await expect(dialog.getByLabel('Pay in').locator('option')).toHaveText(['USD', 'EUR'])
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await allDown.stop()
  }
})
