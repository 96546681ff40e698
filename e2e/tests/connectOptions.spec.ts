import { resolve } from 'node:path'
import { loadWebConfig } from '../../apps/web/src/server/loadWebConfig.ts'
import { type ServeWebReturnType, serveWeb } from '../../apps/web/src/server/serveWeb.ts'
import { axeViolations, installAxe } from '../src/app.ts'
import { e2eStateDir } from '../src/devnet.ts'
import { expect, test } from '../src/fixtures.ts'

/** The devnet web app with view options of spec section 9 (LATCH_FEATURES and the links). */
const servers: Record<'legal' | 'collapsed' | 'ordered', ServeWebReturnType | undefined> = {
  legal: undefined,
  collapsed: undefined,
  ordered: undefined,
}
async function serveWith(env: Record<string, string>): Promise<ServeWebReturnType> {
  const config = loadWebConfig({
    env: {
      LATCH_STATE_DIR: e2eStateDir(),
      LATCH_API_URL: process.env.LATCH_E2E_API_URL,
      ...env,
    },
    rootDir: resolve(import.meta.dirname, '../..'),
  })
  return serveWeb({ port: 0, config, distDir: process.env.LATCH_WEB_DIST_DIR || undefined })
}
test.beforeAll(async () => {
  servers.legal = await serveWith({
    LATCH_FEATURES: 'legalCheckbox=on',
    LATCH_TERMS_URL: 'https://shop.example/terms',
    LATCH_PRIVACY_URL: 'https://shop.example/privacy',
  })
  servers.collapsed = await serveWith({ LATCH_FEATURES: 'collapseWallets=on' })
  servers.ordered = await serveWith({
    LATCH_FEATURES: 'allWallets=off',
    LATCH_WALLET_FEATURES_ORDER: 'send,receive',
  })
})
test.afterAll(async () => {
  await servers.legal?.stop()
  await servers.collapsed?.stop()
  await servers.ordered?.stop()
})

test('legal checkbox: wallet buttons stay disabled until it is checked, by keyboard too', async ({
  page,
  injectedWallet,
}) => {
  await installAxe(page)
  await page.goto(String(servers.legal?.url))
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  const checkbox = dialog.getByRole('checkbox', {
    name: 'I agree to the Terms of Service and the Privacy Policy',
  })
  await expect(checkbox).not.toBeChecked()
  await expect(dialog.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'href',
    'https://shop.example/terms',
  )
  await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    'https://shop.example/privacy',
  )
  // Keyboard: the checkbox takes the focus first.
  await expect(checkbox).toBeFocused()
  const wallets = dialog.locator('button.latch-wallet')
  expect(await wallets.count()).toBeGreaterThan(1)
  for (const button of await wallets.all()) await expect(button).toBeDisabled()
  const testWallet = dialog.getByRole('button', { name: /Test Wallet/ })
  await testWallet.click({ force: true })
  await expect(dialog).toHaveAccessibleName('Connect Wallet') // Nothing happened.
  expect(await axeViolations(page), 'Connect with the legal checkbox').toEqual([])

  // Space checks it and the wallets open up.
  await checkbox.focus()
  await page.keyboard.press('Space')
  await expect(checkbox).toBeChecked()
  for (const button of await wallets.all()) await expect(button).toBeEnabled()
  await testWallet.click()
  await expect(page.getByTestId('account-address')).toContainText(injectedWallet.address)
})

test('collapsed wallets: only WalletConnect and All Wallets on the Connect view', async ({
  page,
  injectedWallet,
}) => {
  expect(injectedWallet.address).toMatch(/^0x/) // Installed, yet not listed.
  await page.goto(String(servers.collapsed?.url))
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog.getByRole('button', { name: /WalletConnect/ })).toBeVisible()
  await expect(dialog.getByRole('button', { name: /All Wallets/ })).toBeVisible()
  await expect(dialog.locator('button.latch-wallet')).toHaveCount(2)
  await expect(dialog.getByRole('button', { name: /Test Wallet/ })).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: /^Devnet Wallet/ })).toHaveCount(0)
})

test('allWallets off hides All Wallets; the account features follow the configured order', async ({
  page,
  injectedWallet,
}) => {
  await page.goto(String(servers.ordered?.url))
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog.getByRole('button', { name: /WalletConnect/ })).toBeVisible()
  await expect(dialog.getByRole('button', { name: /All Wallets/ })).toHaveCount(0)
  await dialog.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('account-address')).toContainText(injectedWallet.address)
  // LATCH_WALLET_FEATURES_ORDER=send,receive (the default puts Receive first).
  await expect(page.locator('[data-testid^="account-feature-"]')).toHaveText(['Send', 'Receive'])
})
