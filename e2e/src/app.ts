import { expect, type Locator, type Page } from '@playwright/test'
import { webUrl } from './devnet.ts'

/** Opens the app and its connect dialog; returns the dialog. */
export async function openConnectModal(page: Page, url: string = webUrl()): Promise<Locator> {
  await page.goto(url)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog).toBeVisible()
  return dialog
}

/** Connects the named wallet from the Connect view and waits for the account to show. */
export async function connectWith(page: Page, walletName: RegExp, address: string): Promise<void> {
  const dialog = await openConnectModal(page)
  await dialog.getByRole('button', { name: walletName }).click()
  await expect(page.getByTestId('account-address')).toContainText(address)
}

/** The wallet buttons of the Connect view's list, in order, by accessible name. */
export async function walletButtonNames(dialog: Locator): Promise<string[]> {
  const list = dialog.getByRole('list', { name: 'Wallets' })
  await expect(list).toBeVisible()
  return list
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons.map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()),
    )
}

/** Runs axe-core (injected with `installAxe`) on the page and returns its violations. */
export async function axeViolations(page: Page): Promise<{ id: string; nodes: number }[]> {
  return page.evaluate(async () => {
    // Judge the settled view: mid-transition opacity would lower every measured contrast.
    await Promise.all(
      document.getAnimations().map((animation) => animation.finished.catch(() => {})),
    )
    const axe = (
      window as unknown as {
        axe: {
          run(node: Element | Document): Promise<{ violations: { id: string; nodes: unknown[] }[] }>
        }
      }
    ).axe
    const result = await axe.run(document)
    return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.length }))
  })
}

/** Adds axe-core to every page load (the app's CSP forbids injected script tags). */
export async function installAxe(page: Page): Promise<void> {
  await page.addInitScript({ path: new URL(import.meta.resolve('axe-core/axe.min.js')).pathname })
}

/** Connects through the WalletConnect QR code: the Node wallet pairs with the URI the page shows. */
export async function connectWithWalletConnect(
  page: Page,
  wallet: { address: string; pair(uri: string): Promise<void> },
): Promise<void> {
  const dialog = await openConnectModal(page)
  await dialog.getByRole('button', { name: /WalletConnect/ }).click()
  const uri = await dialog.locator('[data-wc-uri]').getAttribute('data-wc-uri')
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  await wallet.pair(uri as string)
  await expect(page.getByTestId('account-address')).toContainText(wallet.address, {
    timeout: 20_000,
  })
}
