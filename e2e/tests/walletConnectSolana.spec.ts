import type { DevnetManifest } from '@latch/api-contract'
import type { Page } from '@playwright/test'
import { address, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { generatePrivateKey } from 'viem/accounts'
import { connectWithWalletConnect } from '../src/app.ts'
import { expect, test } from '../src/fixtures.ts'
import { fillSendForm, openWalletFeature } from '../src/send.ts'
import { createWalletConnectWallet, type WalletConnectWallet } from '../src/walletConnectWallet.ts'

/**
 * The devnet's Solana chain and a test key of its own for these tests (the second one: the
 * Devnet Solana wallet's tests use the first), or the test fails saying so.
 */
function devnetSolana(manifest: DevnetManifest) {
  const solana = manifest.solana
  const account = solana?.accounts[1] ?? solana?.accounts[0]
  if (!solana || !account) throw new Error('The devnet has no Solana chain.')
  return { solana, secretKey: account.secretKey }
}

/** Lamports an address holds on the devnet's Solana chain. */
async function lamports(manifest: DevnetManifest, owner: string): Promise<bigint> {
  const rpc = createSolanaRpc(devnetSolana(manifest).solana.rpcUrl)
  return (await rpc.getBalance(address(owner), { commitment: 'confirmed' }).send()).value
}

/** The account panel's SOL row ("12.345"). */
const solAmount = (page: Page) =>
  page
    .getByRole('tabpanel', { name: 'Tokens' })
    .getByTestId('token-SOL')
    .getByTestId('token-amount')

/** SOL as the panel shows it: grouped, three decimals. */
const shown = (value: bigint) =>
  (Number(value) / 1e9).toLocaleString('en-US', {
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  })

let wallet: WalletConnectWallet | undefined
test.afterEach(async () => {
  await wallet?.close()
  wallet = undefined
})

/**
 * A phone wallet in Node with a fresh EVM key and the devnet's funded Solana key, approving
 * `namespaces` (default: EVM and Solana); closed after the test.
 */
async function solanaPhone(manifest: DevnetManifest, namespaces?: ('eip155' | 'solana')[]) {
  const { solana, secretKey } = devnetSolana(manifest)
  const phone = await createWalletConnectWallet({
    manifest,
    privateKey: generatePrivateKey(),
    solana: { secretKey },
    namespaces,
  })
  wallet = phone
  return { solana, phone, solanaAddress: phone.solanaAddress as string }
}

test('WalletConnect with EVM and Solana: both accounts land, Solana shows its balance and sends 0.1 SOL signed by the phone', async ({
  page,
  manifest,
}) => {
  const { solana, phone: wallet, solanaAddress } = await solanaPhone(manifest)

  // One approval in the phone: its EVM account shows, its Solana account waits beside it.
  await connectWithWalletConnect(page, wallet)
  const [session] = wallet.sessions()
  expect(Object.keys(session?.namespaces ?? {}).sort()).toEqual(['eip155', 'solana'])

  // The Networks view switches to Solana without asking to connect again.
  await page.getByTestId('account-network').click()
  await page.getByTestId('networks-view').getByTestId(`network-${solana.caipNetworkId}`).click()
  await expect(page.getByTestId('account-address')).toContainText(solanaAddress)
  await expect(page.getByTestId('account-network')).toContainText(solana.name)
  await expect(page.getByTestId('connect-intro')).toHaveCount(0)
  await expect(solAmount(page)).toHaveText(shown(await lamports(manifest, solanaAddress)))

  // Send 0.1 SOL: the phone signs and sends (solana_signAndSendTransaction), the receiver has it.
  const receiver = (await generateKeyPairSigner()).address
  const dialog = await openWalletFeature(page, 'Send')
  await fillSendForm(dialog, { symbol: 'SOL', amount: '0.1', receiver })
  await expect(dialog.getByTestId('send-fee-amount')).toHaveText(/^[\d.]+ SOL$/)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(
    page.getByTestId('latch-toast').filter({ hasText: 'Sent 0.1 SOL' }).first(),
  ).toBeVisible({ timeout: 30_000 })
  expect(await lamports(manifest, receiver)).toBe(100_000_000n)
  expect(wallet.requests).toContain('solana_signAndSendTransaction')
  expect(wallet.requests.filter((method) => !method.startsWith('solana_'))).toEqual([])

  // Back to EVM: the same session's EVM account.
  await page.keyboard.press('Escape')
  await page.getByTestId('account-network').click()
  await page.getByTestId('networks-view').getByTestId(`network-${manifest.chains[0]?.id}`).click()
  await expect(page.getByTestId('account-address')).toContainText(wallet.address)
})

test('a Solana-only phone wallet connects through WalletConnect: its Solana account shows, and comes back after a reload', async ({
  page,
  manifest,
}) => {
  const { solana, phone: wallet, solanaAddress } = await solanaPhone(manifest, ['solana'])
  const pair = wallet.pair.bind(wallet)

  await connectWithWalletConnect(page, { address: solanaAddress, pair })
  const [session] = wallet.sessions()
  expect(Object.keys(session?.namespaces ?? {})).toEqual(['solana'])
  await expect(page.getByTestId('account-network')).toContainText(solana.name)
  await expect(solAmount(page)).toHaveText(shown(await lamports(manifest, solanaAddress)))
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // A reload restores the session from the page's storage, without the phone.
  await page.reload()
  await expect(page.getByTestId('account-address')).toContainText(solanaAddress, {
    timeout: 20_000,
  })
  await expect(page.getByTestId('account-network')).toContainText(solana.name)
  expect(wallet.requests).toEqual([])
})
