import { openConnectModal } from '../src/app.ts'
import { expect, test } from '../src/fixtures.ts'
import {
  bitcoinSats,
  confirmInDevnetWallet,
  connectLatchDevnetWallet,
  expectPanelBalance,
  installWrongNetworkBitcoinWallet,
  namespaceDevnets,
  panelTokenAmount,
  pickNetwork,
} from '../src/namespaceWallets.ts'
import { readQrCode } from '../src/qrCode.ts'
import { openWalletFeature } from '../src/send.ts'
import { serveSignInWebForTests } from '../src/serveSignInWebForTests.ts'

test('EVM, Solana and Bitcoin connected at once: each balance, Bitcoin receive, send unsupported on Bitcoin', async ({
  page,
  manifest,
}) => {
  test.setTimeout(90_000)
  const { solana, bitcoin, solanaAccount, bitcoinAccount } = namespaceDevnets(manifest)
  const evmChain = manifest.chains[0]
  if (!evmChain) throw new Error('No devnet EVM chain.')
  const address = page.getByTestId('account-address')

  const connect = await openConnectModal(page)
  await connect.getByRole('button', { name: /^Devnet Wallet/ }).click()
  await confirmInDevnetWallet(page)
  await expect(address).toContainText(manifest.demoWallet.address)
  await expect(panelTokenAmount(page, evmChain.nativeCurrency.symbol)).toHaveText(/^[\d,]+\.\d{3}$/)

  await pickNetwork(page, solana.caipNetworkId)
  await connectLatchDevnetWallet(page, solanaAccount.address)
  await expect(panelTokenAmount(page, 'SOL')).toHaveText(/^[\d,]+\.\d{3}$/)

  await pickNetwork(page, bitcoin.caipNetworkId)
  await connectLatchDevnetWallet(page, bitcoinAccount.paymentAddress)
  // BTC of the payment and the ordinals address, added up.
  const btcHeld = async () =>
    Number(
      (await bitcoinSats(manifest, bitcoinAccount.paymentAddress)) +
        (await bitcoinSats(manifest, bitcoinAccount.ordinalsAddress)),
    ) / 1e8
  expect(await btcHeld()).toBeGreaterThan(0)
  await expectPanelBalance(page, 'BTC', btcHeld)

  // Receive: a BIP-21 URI in the QR code, of the payment address or the ordinals one.
  const receive = await openWalletFeature(page, 'Receive')
  await expect(receive.getByTestId('receive-address')).toHaveText(bitcoinAccount.paymentAddress)
  expect(await readQrCode(receive.getByTestId('receive-qr'))).toBe(
    `bitcoin:${bitcoinAccount.paymentAddress}`,
  )
  await receive.getByTestId('receive-type-ordinals').click()
  await expect(receive.getByTestId('receive-address')).toHaveText(bitcoinAccount.ordinalsAddress)
  expect(await readQrCode(receive.getByTestId('receive-qr'))).toBe(
    `bitcoin:${bitcoinAccount.ordinalsAddress}`,
  )
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // Send on Bitcoin: the spec's 'Unsupported chain' (a Bitcoin wallet sends by itself).
  const send = await openWalletFeature(page, 'Send')
  await expect(send.getByTestId('send-error-form')).toHaveText('Unsupported chain')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // Switching keeps each wallet and shows its balance, without asking again.
  await pickNetwork(page, evmChain.id)
  await expect(address).toContainText(manifest.demoWallet.address)
  await expect(panelTokenAmount(page, evmChain.nativeCurrency.symbol)).toHaveText(/^[\d,]+\.\d{3}$/)
  await pickNetwork(page, solana.caipNetworkId)
  await expect(address).toContainText(solanaAccount.address)
  await expect(panelTokenAmount(page, 'SOL')).toHaveText(/^[\d,]+\.\d{3}$/)
  await pickNetwork(page, bitcoin.caipNetworkId)
  await expect(address).toContainText(bitcoinAccount.paymentAddress)
  await expectPanelBalance(page, 'BTC', btcHeld)
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
})

test('a Bitcoin wallet answering mainnet addresses on the regtest network is refused, saying so', async ({
  page,
}) => {
  const wrong = await installWrongNetworkBitcoinWallet(page, {
    name: 'Mainnet Bitcoin Wallet',
    chains: ['bitcoin:regtest'],
    addressNetwork: 'mainnet',
  })
  expect(wrong.payment).toMatch(/^bc1q/)
  const connect = await openConnectModal(page)
  await connect.getByRole('button', { name: /^Mainnet Bitcoin Wallet/ }).click()
  await expect(connect.getByRole('alert').filter({ hasText: 'Bitcoin' })).toHaveText(
    'This is a Bitcoin mainnet address; this network is regtest.',
  )
  await expect(connect.getByRole('button', { name: 'Try again' })).toBeVisible()
  await expect(page.getByTestId('account-address')).toHaveCount(0)
  // Nothing remembered: a reload restores no Bitcoin connection.
  const connected = await page.evaluate(() =>
    localStorage.getItem('@latch/connected_connector_ids'),
  )
  expect(connected ?? '').not.toContain('bip122')
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(wrong.payment)
})

test.describe('with sign-in required', () => {
  const server = serveSignInWebForTests()

  test('Bitcoin: signs in with BIP-322 beside Solana; a reload keeps both wallets and sessions', async ({
    page,
    manifest,
  }) => {
    test.setTimeout(90_000)
    const { solana, bitcoin, solanaAccount, bitcoinAccount } = namespaceDevnets(manifest)
    const address = page.getByTestId('account-address')
    const signIn = page.getByRole('dialog', { name: 'Sign In' })
    const message = signIn.getByTestId('sign-in-message')
    const host = new URL(server.url).host

    await openConnectModal(page, server.url)
    await connectLatchDevnetWalletUnsigned(page)
    await expect(message).toContainText(`${host} wants you to sign in with your Solana account:`)
    await signIn.getByRole('button', { name: /^Sign( in)?$/ }).click()
    await confirmInDevnetWallet(page)
    await expect(address).toContainText(solanaAccount.address)

    await pickNetwork(page, bitcoin.caipNetworkId)
    await connectLatchDevnetWalletUnsigned(page)
    await expect(message).toContainText(`${host} wants you to sign in with your Bitcoin account:`)
    await expect(message).toContainText(bitcoinAccount.paymentAddress)
    await expect(message).toContainText(`Chain ID: ${bitcoin.caipNetworkId}`)
    await signIn.getByRole('button', { name: /^Sign( in)?$/ }).click()
    const confirm = page.getByRole('alertdialog', { name: /Devnet Wallet/ })
    await expect(confirm).toContainText('BIP-322')
    await confirmInDevnetWallet(page)
    await expect(signIn).toBeHidden()
    await expect(address).toContainText(bitcoinAccount.paymentAddress)
    const sessions = () => page.evaluate(() => localStorage.getItem('@latch/sign_in_sessions'))
    expect(await sessions()).toContain(bitcoinAccount.paymentAddress)
    expect(await sessions()).toContain(solanaAccount.address)

    // A reload: both wallets come back without a prompt, still signed in; the last used on top.
    await page.reload()
    await expect(address).toContainText(bitcoinAccount.paymentAddress)
    await expect(panelTokenAmount(page, 'BTC')).toHaveText(/^[\d,]+\.\d{3}$/)
    await pickNetwork(page, solana.caipNetworkId)
    await expect(address).toContainText(solanaAccount.address)
    await expect(panelTokenAmount(page, 'SOL')).toHaveText(/^[\d,]+\.\d{3}$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
  })
})

/** Picks the Latch Devnet Wallet in the Connect view and confirms; sign-in comes next. */
async function connectLatchDevnetWalletUnsigned(page: Parameters<typeof confirmInDevnetWallet>[0]) {
  await page
    .getByRole('dialog', { name: 'Connect Wallet' })
    .getByRole('button', { name: /^Latch Devnet Wallet/ })
    .click()
  await confirmInDevnetWallet(page)
}
