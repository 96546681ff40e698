import { axeViolations, connectWith, installAxe } from '../src/app.ts'
import { expect, test } from '../src/fixtures.ts'
import { readQrCode } from '../src/qrCode.ts'
import { openWalletFeature } from '../src/send.ts'

test('receive: the address as a scannable QR code and as text to copy, and its networks', async ({
  page,
  context,
  injectedWallet,
  manifest,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await installAxe(page)
  await connectWith(page, /Test Wallet/, injectedWallet.address)

  // The features sit in the configured order (spec default: onramp, swaps, receive, send).
  await expect(page.locator('[data-testid^="account-feature-"]')).toHaveText([
    'Buy',
    'Swap',
    'Receive',
    'Send',
  ])
  const dialog = await openWalletFeature(page, 'Receive')

  await expect(dialog.getByTestId('receive-address')).toHaveText(injectedWallet.address)
  const qr = dialog.getByRole('img', { name: 'QR code of your address' })
  await expect(qr).toBeVisible()
  expect(await readQrCode(dialog.getByTestId('receive-qr'))).toBe(injectedWallet.address)

  await expect(dialog.getByTestId('receive-network')).toHaveText(
    manifest.chains.map((chain) => chain.name),
  )

  await dialog.getByRole('button', { name: 'Copy address' }).click()
  await expect(dialog.getByTestId('receive-copied')).toHaveText('Address copied.')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(injectedWallet.address)
  expect(await axeViolations(page)).toEqual([])

  // Opened from the page's panel: the view is the modal's first, closed rather than left.
  await expect(dialog.getByRole('button', { name: 'Back' })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
