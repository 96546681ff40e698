import { createPublicClient, formatEther, http } from 'viem'
import { webUrl } from '../src/devnet.ts'
import { expect, test } from '../src/fixtures.ts'

/** The native balance as the chain has it, to 3 decimals, for comparison with the page. */
async function nativeBalance(rpcUrl: string, address: `0x${string}`): Promise<string> {
  const client = createPublicClient({ transport: http(rpcUrl) })
  const value = Number(formatEther(await client.getBalance({ address })))
  return value.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })
}

test('connects the injected wallet and shows its address and native balance from the API', async ({
  page,
  injectedWallet,
  manifest,
}) => {
  await page.goto(webUrl())
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: /Test Wallet/ }).click()

  await expect(page.getByTestId('account-address')).toContainText(injectedWallet.address)
  const chain = manifest.chains[0]
  if (!chain) throw new Error('no chain')
  const expected = await nativeBalance(chain.rpcUrl, injectedWallet.address)
  await expect(page.getByTestId('account-balance')).toContainText(`${expected} ETH`)
  await expect(dialog).toBeHidden()
})

test('a rejection in the injected wallet leaves the page usable with a clear message', async ({
  page,
  injectedWallet,
}) => {
  injectedWallet.queue('eth_requestAccounts', 'reject')
  await page.goto(webUrl())
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'Connection declined in the wallet.' }),
  ).toBeVisible()

  await dialog.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByTestId('account-address')).toContainText(injectedWallet.address)
})

test('connects a WalletConnect wallet through the QR code and the local relay', async ({
  page,
  walletConnectWallet,
  manifest,
}) => {
  await page.goto(webUrl())
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByRole('button', { name: /WalletConnect/ }).click()
  const qr = dialog.getByLabel('WalletConnect QR code')
  await expect(qr).toBeVisible()
  const uri = await dialog.locator('[data-wc-uri]').getAttribute('data-wc-uri')
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)

  await walletConnectWallet.pair(uri as string)
  await expect(page.getByTestId('account-address')).toContainText(walletConnectWallet.address, {
    timeout: 20_000,
  })
  const chain = manifest.chains[0]
  if (!chain) throw new Error('no chain')
  const expected = await nativeBalance(chain.rpcUrl, walletConnectWallet.address)
  await expect(page.getByTestId('account-balance')).toContainText(`${expected} ETH`)
})

test('a session rejected in the WalletConnect wallet shows a clear message', async ({
  page,
  walletConnectWallet,
}) => {
  walletConnectWallet.queueProposal('reject')
  await page.goto(webUrl())
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByRole('button', { name: /WalletConnect/ }).click()
  const uri = await dialog.locator('[data-wc-uri]').getAttribute('data-wc-uri')
  await walletConnectWallet.pair(uri as string)
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'Connection declined in the wallet.' }),
  ).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
})
