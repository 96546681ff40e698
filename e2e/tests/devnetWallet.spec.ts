import { serveWeb } from '../../apps/web/src/server/serveWeb.ts'
import { webUrl } from '../src/devnet.ts'
import { expect, test } from '../src/fixtures.ts'

test('the Devnet Wallet connects after the person confirms', async ({ page, manifest }) => {
  await page.goto(webUrl())
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByRole('button', { name: /Devnet Wallet/ }).click()
  const confirm = page.getByRole('alertdialog', { name: /Devnet Wallet/ })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByTestId('account-address')).toContainText(manifest.demoWallet.address)
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
    await expect(dialog.getByRole('button', { name: /Devnet Wallet/ })).toHaveCount(0)
    expect(scripts.filter((url) => /devnet/i.test(url))).toEqual([])
  } finally {
    await server.stop()
  }
})
