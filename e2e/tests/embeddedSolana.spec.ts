import type { DevnetManifest } from '@latch/api-contract'
import type { Page } from '@playwright/test'
import {
  approveInFrame,
  confirmationDetail,
  frameConfirmation,
  signUpAndSignInByEmail,
  signUpByEmail,
} from '../src/emailWallet.ts'
import { expect, test } from '../src/fixtures.ts'
import {
  freshSolanaAddress,
  namespaceDevnets,
  panelTokenAmount,
  pickNetwork,
  solanaLamports,
} from '../src/namespaceWallets.ts'
import { uniqueEmail } from '../src/readMailbox.ts'
import { fillSendForm, openWalletFeature } from '../src/send.ts'
import { serveSignInWebForTests } from '../src/serveSignInWebForTests.ts'

const toast = (page: Page, text: string) =>
  page.getByTestId('latch-toast').filter({ hasText: text }).first()

/** Airdrops `lamports` to `address` on the devnet's Solana chain and waits until it is there. */
async function airdrop(manifest: DevnetManifest, address: string, lamports: number) {
  const { solana } = namespaceDevnets(manifest)
  const response = await fetch(solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'requestAirdrop',
      params: [address, lamports],
    }),
  })
  const body = (await response.json()) as { error?: unknown }
  if (body.error) throw new Error(`requestAirdrop: ${JSON.stringify(body.error)}`)
  await expect
    .poll(() => solanaLamports(manifest, address))
    .toBeGreaterThanOrEqual(BigInt(lamports))
}

/** Asks the API for `address`'s Solana balance with forceUpdate (its 30 s cache). */
async function refreshSolanaBalance(manifest: DevnetManifest, address: string) {
  const { solana } = namespaceDevnets(manifest)
  const apiUrl = process.env.LATCH_E2E_API_URL
  if (!apiUrl) throw new Error('LATCH_E2E_API_URL is not set: run with the e2e config.')
  const query = new URLSearchParams({
    projectId: manifest.projectId,
    chainId: solana.caipNetworkId,
    forceUpdate: 'true',
  })
  await fetch(`${apiUrl}/v1/account/${address}/balance?${query}`, {
    signal: AbortSignal.timeout(15_000),
  })
}

/** The Solana account the panel shows (base58, from the address's title). */
async function solanaAccountAddress(page: Page): Promise<string> {
  const element = page.getByTestId('account-address')
  await expect(element).toHaveAttribute('title', /^[1-9A-HJ-NP-Za-km-z]{32,44}$/, {
    timeout: 30_000,
  })
  return (await element.getAttribute('title')) as string
}

test('Email wallet on Solana: its Solana account shows on the Solana network, sends 0.1 SOL confirmed in the frame', async ({
  page,
  manifest,
}) => {
  test.setTimeout(150_000)
  const { solana } = namespaceDevnets(manifest)
  await signUpByEmail(page, uniqueEmail('sol'))
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', /^0x[0-9a-fA-F]{40}$/)

  // The network switcher moves to Solana: the same wallet's Solana account, no wallet to pick.
  await pickNetwork(page, solana.caipNetworkId)
  await expect(page.getByTestId('account-network')).toContainText(solana.name)
  const address = await solanaAccountAddress(page)
  await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toHaveCount(0)

  await airdrop(manifest, address, 1_000_000_000)
  // The panel read the empty account: it shows the coins once the API's 30 s cache has passed
  // (asked again with forceUpdate, as the app does after a send).
  await refreshSolanaBalance(manifest, address)
  await expect(panelTokenAmount(page, 'SOL')).toHaveText('1.000', { timeout: 45_000 })
  const receiver = await freshSolanaAddress()
  const dialog = await openWalletFeature(page, 'Send')
  await fillSendForm(dialog, { symbol: 'SOL', amount: '0.1', receiver })
  await expect(dialog.getByTestId('send-fee-amount')).toHaveText(/^[\d.]+ SOL$/)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()

  // The frame decoded the transaction: amount, receiver and the network's fee.
  const confirmation = await frameConfirmation(page)
  await expect(confirmationDetail(confirmation, 'Send')).toHaveText('0.1 SOL')
  await expect(confirmationDetail(confirmation, 'To')).toHaveText(receiver)
  await expect(confirmationDetail(confirmation, 'Network fee')).toHaveText('0.000005 SOL')
  await approveInFrame(page, confirmation)
  await expect(toast(page, 'Sent 0.1 SOL')).toBeVisible({ timeout: 30_000 })
  expect(await solanaLamports(manifest, receiver)).toBe(100_000_000n)
  await page.keyboard.press('Escape')
  // The sender paid the 0.1 SOL and the network's fee, nothing else.
  expect(await solanaLamports(manifest, address)).toBe(1_000_000_000n - 100_000_000n - 5_000n)
  await expect(panelTokenAmount(page, 'SOL')).toHaveText('0.900', { timeout: 30_000 })
})

test.describe('with sign-in required', () => {
  const server = serveSignInWebForTests({ emailWallet: true })

  test('Email wallet on Solana: signs in with Sign In With Solana (ed25519, checked by the API)', async ({
    page,
    manifest,
  }) => {
    test.setTimeout(120_000)
    const { solana } = namespaceDevnets(manifest)
    // First the EVM account's sign-in, signed in the frame.
    const signIn = await signUpAndSignInByEmail(page, uniqueEmail('siws'), { url: server.url })

    // On Solana, the Solana account signs its own CAIP-122 message in the frame.
    await pickNetwork(page, solana.caipNetworkId)
    const message = signIn.getByTestId('sign-in-message')
    await expect(message).toContainText(
      `${new URL(server.url).host} wants you to sign in with your Solana account:`,
      { timeout: 30_000 },
    )
    const address = /Solana account:\s*([1-9A-HJ-NP-Za-km-z]{32,44})/.exec(
      (await message.textContent()) ?? '',
    )?.[1]
    if (!address) throw new Error('No Solana account in the sign-in message.')
    await expect(message).toContainText(`Chain ID: ${solana.caipNetworkId}`)
    await signIn.getByRole('button', { name: /^Sign( in)?$/ }).click()
    const confirmation = await frameConfirmation(page)
    await expect(confirmationDetail(confirmation, 'Account')).toHaveText(address)
    await approveInFrame(page, confirmation)
    await expect(signIn).toBeHidden({ timeout: 20_000 })
    const sessions = () => page.evaluate(() => localStorage.getItem('@latch/sign_in_sessions'))
    expect(await sessions()).toContain(address)
  })
})
