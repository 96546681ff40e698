import { createPublicClient, formatEther, http } from 'viem'
import { axeViolations, connectWith, installAxe } from '../src/app.ts'
import { webUrl } from '../src/devnet.ts'
import { expect, test } from '../src/fixtures.ts'

test('switching network moves the wallet and shows that chain and its balance', async ({
  page,
  injectedWallet,
  manifest,
}) => {
  const alpha = manifest.chains.find((c) => c.id === 31339)
  if (!alpha) throw new Error('no Alpha chain')
  await connectWith(page, /Test Wallet/, injectedWallet.address)
  await expect(page.getByTestId('account-network')).toContainText('Latch Devnet')
  await page.getByTestId('account-network').click()
  await page.getByTestId('network-31339').click()
  await expect(page.getByTestId('account-network')).toContainText('Latch Devnet Alpha')
  expect(injectedWallet.chainId).toBe(31339)
  const client = createPublicClient({ transport: http(alpha.rpcUrl) })
  const value = Number(formatEther(await client.getBalance({ address: injectedWallet.address })))
  const expected = value.toLocaleString('en-US', {
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  })
  await expect(page.getByTestId('account-balance')).toContainText(`${expected} ETH`)
  // The chain is remembered for the next visit.
  expect(
    await page.evaluate(() => localStorage.getItem('@latch/active_caip_network_id')),
  ).toContain('31339')
})

test('a wallet that cannot switch gets the spec message', async ({ page, injectedWallet }) => {
  await connectWith(page, /Test Wallet/, injectedWallet.address)
  injectedWallet.queue('wallet_switchEthereumChain', 'fail')
  await page.getByTestId('account-network').click()
  await page.getByTestId('network-31340').click()
  await expect(page.getByTestId('networks-error')).toHaveText(
    'Failed to switch to chain eip155:31340. The chain is not approved or the wallet does not support wallet_switchEthereumChain method.',
  )
  expect(injectedWallet.chainId).toBe(31337)
})

test('a wallet moving to an unconfigured network opens UnsupportedChain, which closes rather than goes back', async ({
  page,
  injectedWallet,
}) => {
  await installAxe(page)
  await connectWith(page, /Test Wallet/, injectedWallet.address)
  injectedWallet.switchChain(424242)
  const view = page.getByTestId('unsupported-chain-view')
  await expect(view).toBeVisible()
  await expect(view).toContainText(
    "This app doesn't support your current network. Switch to an available option to continue.",
  )
  expect(await axeViolations(page), 'UnsupportedChain').toEqual([])
  // Escape asks the router to go back: with UnsupportedChain in the history it closes instead.
  await page.keyboard.press('Escape')
  await expect(view).toBeHidden()
  // Back on a configured network through the view.
  injectedWallet.switchChain(424243)
  await expect(view).toBeVisible()
  await view.getByTestId('network-31337').click()
  await expect(view).toBeHidden()
  await expect(page.getByTestId('account-network')).toContainText('Latch Devnet')
  expect(injectedWallet.chainId).toBe(31337)
})

test('the network used last is gone from the app: Network Not Found, then the first network', async ({
  page,
  injectedWallet,
}) => {
  // A visit before the operator removed OP Mainnet from the app's networks.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('@latch/active_caip_network_id', '"eip155:10"')
      sessionStorage.setItem('seeded', '1')
    }
  })
  await page.goto(webUrl())
  const alert = page.getByTestId('latch-alert')
  await expect(alert).toContainText('Network Not Found')
  expect(
    await page.evaluate(() => localStorage.getItem('@latch/active_caip_network_id')),
  ).toContain('31337')
  // Connecting goes on from the first network; the alert is gone.
  await connectWith(page, /Test Wallet/, injectedWallet.address)
  await expect(page.getByTestId('account-network')).toContainText('Latch Devnet')
  await expect(alert).toHaveCount(0)
})
