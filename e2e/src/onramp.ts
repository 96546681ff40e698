import { expect, type Locator, type Page } from '@playwright/test'

/** The sandbox's test card (Stripe's Visa test number). */
export const testCard = '4242 4242 4242 4242'

/** Opens Buy from the account panel; returns its dialog once the form has its options. */
export async function openBuy(page: Page): Promise<Locator> {
  await page.getByTestId('account-view').getByRole('button', { name: 'Buy', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Buy' })
  await expect(dialog.getByTestId('buy-view')).toBeVisible({ timeout: 20_000 })
  return dialog
}

/** The quote of one provider ("coinbase", "moonpay") in the Buy form. */
export const buyQuote = (dialog: Locator, provider: string): Locator =>
  dialog.getByTestId(`buy-quote-${provider}`)

/**
 * Continues to a provider from the Buy form: picks its quote, clicks "Continue to {name}" and
 * returns the checkout window the click opened, once it shows the provider's page.
 */
export async function continueToCheckout(
  page: Page,
  dialog: Locator,
  provider: { id: string; name: string },
): Promise<Page> {
  await buyQuote(dialog, provider.id).getByRole('radio').check()
  const opened = page.waitForEvent('popup')
  await dialog.getByRole('button', { name: `Continue to ${provider.name}` }).click()
  const checkout = await opened
  await checkout.waitForURL(/\/onramp\/checkout\//)
  await expect(
    checkout.getByRole('heading', { name: `Buy ETH with ${provider.name}` }),
  ).toBeVisible()
  return checkout
}

/** Pays on the sandbox checkout page with a card number; the page's answer decides the rest. */
export async function payOnCheckout(checkout: Page, card: string): Promise<void> {
  await checkout.getByLabel('Card number').fill(card)
  await checkout.getByRole('button', { name: 'Pay' }).click()
}
