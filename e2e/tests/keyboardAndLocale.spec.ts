import { serveWeb } from '../../apps/web/src/server/serveWeb.ts'
import { webUrl } from '../src/devnet.ts'
import { expect, test } from '../src/fixtures.ts'

test('connects with the keyboard alone', async ({ page, injectedWallet }) => {
  await page.goto(webUrl())
  const connect = page.getByRole('button', { name: 'Connect Wallet' })
  // Tab until the Connect Wallet button has focus, as a keyboard user would.
  for (let i = 0; i < 10 && !(await connect.evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(connect).toBeFocused()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog).toBeVisible()
  // Focus moves into the view, on its first control (painted a frame after the dialog's frame).
  await expect(dialog.locator('[data-autofocus]').first()).toBeFocused()
  // Focus is inside the dialog; Tab reaches the Test Wallet row.
  const wallet = dialog.getByRole('button', { name: /Test Wallet/ })
  for (let i = 0; i < 15 && !(await wallet.evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(wallet).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('account-address')).toContainText(injectedWallet.address)
})

test('Escape closes the dialog and gives focus back to the button that opened it', async ({
  page,
}) => {
  await page.goto(webUrl())
  const connect = page.getByRole('button', { name: 'Connect Wallet' })
  await connect.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(connect).toBeFocused()
})

test('speaks Arabic right to left when the browser asks for it', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ar-EG' })
  const page = await context.newPage()
  await page.goto(webUrl())
  await page.getByRole('button', { name: 'ربط المحفظة' }).click()
  const dialog = page.getByRole('dialog', { name: 'ربط المحفظة' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAttribute('dir', 'rtl')
  await context.close()
})

test('says the relay is unreachable instead of showing a QR code that never connects', async ({
  page,
  manifest,
}) => {
  test.setTimeout(45_000)
  const server = await serveWeb({
    port: 0,
    config: {
      appName: 'Latch',
      apiUrl: process.env.LATCH_E2E_API_URL as string,
      projectId: manifest.projectId,
      relayUrl: 'ws://127.0.0.1:1',
      networks: manifest.chains.map((c) => ({
        id: c.id,
        name: c.name,
        caipNetworkId: c.caipNetworkId,
        rpcUrl: c.rpcUrl,
        nativeCurrency: c.nativeCurrency,
      })),
    },
  })
  try {
    await page.goto(server.url)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await dialog.getByRole('button', { name: /WalletConnect/ }).click()
    await expect(dialog.getByText("Can't reach the WalletConnect relay")).toBeVisible({
      timeout: 20_000,
    })
    await expect(dialog.locator('[data-wc-uri]')).toHaveCount(0)
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible()
  } finally {
    await server.stop()
  }
})

test('the whole connect flow contacts no host outside this machine', async ({
  page,
  injectedWallet,
}) => {
  const outside: string[] = []
  page.on('request', (request) => {
    const { hostname, protocol } = new URL(request.url())
    if (protocol !== 'data:' && hostname !== '127.0.0.1' && hostname !== 'localhost')
      outside.push(request.url())
  })
  await page.goto(webUrl())
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByRole('button', { name: /All Wallets/ }).click()
  await expect(
    dialog.getByRole('list', { name: 'Wallets' }).getByRole('button').first(),
  ).toBeVisible()
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()
  await dialog.getByRole('button', { name: /WalletConnect/ }).click()
  await expect(dialog.locator('[data-wc-uri]')).toBeVisible()
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()
  await dialog.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('account-address')).toContainText(injectedWallet.address)
  expect(outside).toEqual([])
})
