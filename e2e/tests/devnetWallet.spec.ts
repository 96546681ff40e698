import { serveWeb } from '../../apps/web/src/server/serveWeb.ts'
import { webUrl } from '../src/devnet.ts'
import { expect, test } from '../src/fixtures.ts'

test('the Devnet Wallet connects after the person confirms', async ({ page, manifest }) => {
  await page.goto(webUrl())
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByRole('button', { name: /^Devnet Wallet/ }).click()
  const confirm = page.getByRole('alertdialog', { name: /Devnet Wallet/ })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByTestId('account-address')).toContainText(manifest.demoWallet.address)
})

test('the confirm dialog has Cancel focused, so a stray Enter declines', async ({ page }) => {
  await page.goto(webUrl())
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByRole('button', { name: /^Devnet Wallet/ }).click()
  const confirm = page.getByRole('alertdialog', { name: /Devnet Wallet/ })
  await expect(confirm).toBeVisible()
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(confirm).toHaveCount(0)
  await expect(page.getByTestId('account-address')).toHaveCount(0)
})

test('a page cannot drive the chain through the Devnet Wallet (4200)', async ({
  page,
  manifest,
}) => {
  await page.goto(webUrl())
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByRole('button', { name: /^Devnet Wallet/ }).click()
  await page
    .getByRole('alertdialog', { name: /Devnet Wallet/ })
    .getByRole('button', { name: 'Confirm' })
    .click()
  await expect(page.getByTestId('account-address')).toContainText(manifest.demoWallet.address)
  // What a hostile page would try through the announced EIP-6963 provider.
  const codes = await page.evaluate(async () => {
    const providers: {
      info: { name: string }
      provider: { request(a: unknown): Promise<unknown> }
    }[] = []
    window.addEventListener('eip6963:announceProvider', (event) =>
      providers.push((event as CustomEvent).detail),
    )
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    const devnet = providers.find((entry) => entry.info.name === 'Devnet Wallet')
    if (!devnet) return ['no Devnet Wallet']
    const attempts = [
      ['anvil_setBalance', ['0x00000000000000000000000000000000000a11ce', '0xffff']],
      ['evm_mine', []],
      ['hardhat_impersonateAccount', ['0x00000000000000000000000000000000000a11ce']],
      ['debug_traceTransaction', ['0x00']],
    ]
    return Promise.all(
      attempts.map(([method, params]) =>
        devnet.provider.request({ method, params }).then(
          () => 'answered',
          (error: { code?: number }) => error.code,
        ),
      ),
    )
  })
  expect(codes).toEqual([4200, 4200, 4200, 4200])
})

test('an app configured for real networks neither shows nor loads the Devnet Wallet', async ({
  page,
}) => {
  const server = await serveWeb({
    port: 0,
    config: {
      appName: 'Latch',
      apiUrl: 'https://api.example.invalid',
      projectId: '0123456789abcdef0123456789abcdef',
      relayUrl: 'wss://relay.example.invalid',
      networks: [
        {
          id: 1,
          name: 'Ethereum',
          caipNetworkId: 'eip155:1',
          rpcUrl: 'https://rpc.example.invalid',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ],
    },
  })
  try {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.goto(server.url)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect(dialog.getByRole('button', { name: /WalletConnect/ })).toBeVisible()
    await expect(dialog.getByRole('button', { name: /^Devnet Wallet/ })).toHaveCount(0)
    expect(scripts.filter((url) => /devnet/i.test(url))).toEqual([])
  } finally {
    await server.stop()
  }
})
