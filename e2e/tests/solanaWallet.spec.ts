import type { Page } from '@playwright/test'
import { openConnectModal } from '../src/app.ts'
import { expect, test } from '../src/fixtures.ts'
import {
  confirmInDevnetWallet,
  connectLatchDevnetWallet,
  expectPanelBalance,
  freshSolanaAddress,
  namespaceDevnets,
  panelTokenAmount,
  solanaLamports,
  solanaRentExemption,
  splBalance,
} from '../src/namespaceWallets.ts'
import { fillSendForm, openWalletFeature } from '../src/send.ts'
import { serveSignInWebForTests } from '../src/serveSignInWebForTests.ts'

const minus = '\u2212'

const toast = (page: Page, text: string) =>
  page.getByTestId('latch-toast').filter({ hasText: text }).first()

/** The fee the Send form shows, in SOL ("0.000005 SOL"). */
async function shownFee(page: Page): Promise<number> {
  const fee = page.getByRole('dialog', { name: 'Send' }).getByTestId('send-fee-amount')
  await expect(fee).toHaveText(/^[\d.]+ SOL$/)
  return Number((await fee.textContent())?.replace(' SOL', ''))
}

test('Solana: the Devnet Solana wallet connects, shows SOL and LUSD, sends SOL and LUSD to a new account', async ({
  page,
  manifest,
}) => {
  test.setTimeout(120_000)
  const { solana, solanaAccount } = namespaceDevnets(manifest)
  const lusd = solana.tokens.find((token) => token.symbol === 'LUSD')
  if (!lusd) throw new Error('No LUSD mint on the devnet Solana chain.')

  // No EVM wallet: the Latch Devnet Wallet's row connects its first namespace, Solana.
  await openConnectModal(page)
  await connectLatchDevnetWallet(page, solanaAccount.address)
  await expect(page.getByTestId('account-network')).toContainText(solana.name)

  // SOL and the SPL token, as the chain holds them.
  const lusdHeld = async () =>
    Number((await splBalance(manifest, solanaAccount.address, lusd.mint)).amount) /
    10 ** lusd.decimals
  // (SOL moves with every fee this shared devnet key pays: its form is enough here.)
  await expect(panelTokenAmount(page, 'SOL')).toHaveText(/^[\d,]+\.\d{3}$/)
  await expectPanelBalance(page, 'LUSD', lusdHeld)

  // SOL to a new address: the fee is the network's, the wallet asks, the receiver gets it.
  const solReceiver = await freshSolanaAddress()
  const dialog = await openWalletFeature(page, 'Send')
  await fillSendForm(dialog, { symbol: 'SOL', amount: '0.25', receiver: solReceiver })
  const solFee = await shownFee(page)
  expect(solFee).toBeGreaterThan(0)
  expect(solFee).toBeLessThan(0.001)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await confirmInDevnetWallet(page)
  await expect(toast(page, 'Sent 0.25 SOL')).toBeVisible({ timeout: 30_000 })
  expect(await solanaLamports(manifest, solReceiver)).toBe(250_000_000n)

  // Not base58 of 32 bytes: the form says so and keeps what was typed.
  await fillSendForm(dialog, { symbol: 'LUSD', amount: '1.5', receiver: '0x52908400098527886E0F' })
  await expect(dialog.getByTestId('send-error-receiver')).toHaveText(
    'Invalid Solana address (base58, 32 bytes).',
  )
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog.getByTestId('send-error-receiver')).toHaveText(
    'Invalid Solana address (base58, 32 bytes).',
  )
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue('1.5')
  await expect(dialog.getByLabel('To', { exact: true })).toHaveValue('0x52908400098527886E0F')

  // LUSD to an address with no token account: the fee shown includes that account's rent.
  const tokenReceiver = await freshSolanaAddress()
  expect(await splBalance(manifest, tokenReceiver, lusd.mint)).toEqual({ amount: 0n, accounts: 0 })
  await dialog.getByLabel('To', { exact: true }).fill(tokenReceiver)
  await expect(dialog.getByTestId('send-error-receiver')).toHaveCount(0)
  const rent = Number(await solanaRentExemption(manifest, 165)) / 1e9
  // (Shown to 6 decimals: 0.002044 SOL for the 5,000 lamports' signature and 2,039,280 of rent.)
  await expect.poll(() => shownFee(page)).toBeCloseTo(rent + solFee, 6)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await confirmInDevnetWallet(page)
  await expect(toast(page, 'Sent 1.5 LUSD')).toBeVisible({ timeout: 30_000 })
  expect(await splBalance(manifest, tokenReceiver, lusd.mint)).toEqual({
    amount: 1_500_000n,
    accounts: 1,
  })

  // The panel follows, and Activity lists the SOL sent (read from the chain by the API).
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expectPanelBalance(page, 'LUSD', lusdHeld)
  await page.getByRole('tab', { name: 'Activity' }).click()
  const rows = page.getByRole('tabpanel', { name: 'Activity' }).getByTestId('activity-row')
  await expect(rows.filter({ hasText: `${minus}0.250 SOL` }).first()).toBeVisible({
    timeout: 30_000,
  })
})

test.describe('with sign-in required', () => {
  const server = serveSignInWebForTests()

  test('Solana: signs in with Sign In With Solana; a reload keeps the wallet and the session', async ({
    page,
    manifest,
  }) => {
    const { solana, solanaAccount } = namespaceDevnets(manifest)
    await openConnectModal(page, server.url)
    await page
      .getByRole('dialog', { name: 'Connect Wallet' })
      .getByRole('button', { name: /^Latch Devnet Wallet/ })
      .click()
    await confirmInDevnetWallet(page)

    // The CAIP-122 message of the Solana account, signed in the wallet (ed25519).
    const signIn = page.getByRole('dialog', { name: 'Sign In' })
    const message = signIn.getByTestId('sign-in-message')
    await expect(message).toContainText(
      `${new URL(server.url).host} wants you to sign in with your Solana account:`,
    )
    await expect(message).toContainText(solanaAccount.address)
    await expect(message).toContainText(`Chain ID: ${solana.caipNetworkId}`)
    await signIn.getByRole('button', { name: /^Sign( in)?$/ }).click()
    await confirmInDevnetWallet(page)
    await expect(signIn).toBeHidden()
    await expect(page.getByTestId('account-address')).toContainText(solanaAccount.address)
    const sessions = () => page.evaluate(() => localStorage.getItem('@latch/sign_in_sessions'))
    expect(await sessions()).toContain(solanaAccount.address)

    // A reload: the wallet comes back without asking, the session is still there.
    await page.reload()
    await expect(page.getByTestId('account-address')).toContainText(solanaAccount.address)
    await expect(page.getByTestId('account-network')).toContainText(solana.name)
    await expect(panelTokenAmount(page, 'SOL')).toHaveText(/^[\d,]+\.\d{3}$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    expect(await sessions()).toContain(solanaAccount.address)
  })
})
