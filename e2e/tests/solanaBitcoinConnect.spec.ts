import type { Page } from '@playwright/test'
import { webUrl } from '../src/devnet.ts'
import { expect, test } from '../src/fixtures.ts'

/** Confirms the Devnet Wallet's request (EVM, Solana and Bitcoin share its dialog). */
async function confirmInDevnetWallet(page: Page) {
  const confirm = page.getByRole('alertdialog', { name: /Devnet Wallet/ })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Confirm' }).click()
}

/** The account panel's network button, then a network of the Networks view. */
async function pickNetwork(page: Page, testId: string) {
  await page.getByTestId('account-network').click()
  await page.getByTestId('networks-view').getByTestId(testId).click()
}

test('Solana and Bitcoin wallets connect beside the EVM one and the network switch moves between them', async ({
  page,
  manifest,
}) => {
  const solana = manifest.solana
  const bitcoin = manifest.bitcoin
  if (!solana?.accounts[0] || !bitcoin?.accounts[0]) throw new Error('no Solana or Bitcoin devnet')
  const solanaAddress = solana.accounts[0].address
  const bitcoinAddress = bitcoin.accounts[0].paymentAddress
  expect(solanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  expect(bitcoinAddress).toMatch(/^bcrt1q/)

  await page.goto(webUrl())
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  // The Solana and Bitcoin devnet wallet is listed once, with a badge per namespace.
  const multi = dialog.getByRole('button', { name: /^Latch Devnet Wallet/ })
  await expect(multi).toHaveCount(1)
  await expect(multi).toContainText('Solana')
  await expect(multi).toContainText('Bitcoin')
  await dialog.getByRole('button', { name: /^Devnet Wallet/ }).click()
  await confirmInDevnetWallet(page)
  const address = page.getByTestId('account-address')
  await expect(address).toContainText(manifest.demoWallet.address)

  // The Networks view lists every namespace under its heading.
  await page.getByTestId('account-network').click()
  const networks = page.getByTestId('networks-view')
  await expect(networks.getByRole('heading')).toHaveText(['EVM', 'Solana', 'Bitcoin'])
  // Each Solana and Bitcoin network shows its icon (the API's network image), as EVM ones do.
  for (const caipNetworkId of [solana.caipNetworkId, bitcoin.caipNetworkId])
    await expect
      .poll(() =>
        networks
          .getByTestId(`network-${caipNetworkId}`)
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0)
  await expect(networks.getByTestId('network-list-eip155').getByRole('button')).toHaveCount(
    manifest.chains.length,
  )
  // No Solana wallet yet: picking the Solana network asks to connect one, Solana wallets only.
  await networks.getByTestId(`network-${solana.caipNetworkId}`).click()
  await expect(page.getByTestId('connect-intro')).toHaveText('Connect a Solana wallet.')
  await expect(dialog.getByRole('button', { name: /^Devnet Wallet/ })).toHaveCount(0)
  await dialog.getByRole('button', { name: /^Latch Devnet Wallet/ }).click()
  await confirmInDevnetWallet(page)
  await expect(address).toContainText(solanaAddress)

  await pickNetwork(page, `network-${bitcoin.caipNetworkId}`)
  await expect(page.getByTestId('connect-intro')).toHaveText('Connect a Bitcoin wallet.')
  await dialog.getByRole('button', { name: /^Latch Devnet Wallet/ }).click()
  await confirmInDevnetWallet(page)
  await expect(address).toContainText(bitcoinAddress)

  // All three connected: the switch moves between them without asking again.
  await pickNetwork(page, `network-${manifest.chains[0]?.id}`)
  await expect(address).toContainText(manifest.demoWallet.address)
  await pickNetwork(page, `network-${solana.caipNetworkId}`)
  await expect(address).toContainText(solanaAddress)
  await expect(page.getByRole('alertdialog')).toHaveCount(0)

  // Back to Bitcoin, then EVM again: each wallet stays connected beside the others.
  await pickNetwork(page, `network-${bitcoin.caipNetworkId}`)
  await expect(address).toContainText(bitcoinAddress)
  await pickNetwork(page, `network-${manifest.chains[0]?.id}`)
  await expect(address).toContainText(manifest.demoWallet.address)
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  // The network last used is remembered for the next visit.
  expect(
    await page.evaluate(() => localStorage.getItem('@latch/active_caip_network_id')),
  ).toContain(`eip155:${manifest.chains[0]?.id}`)
})
