import {
  axeViolations,
  connectWith,
  connectWithWalletConnect,
  installAxe,
  openConnectModal,
  walletButtonNames,
} from '../src/app.ts'
import { webUrl } from '../src/devnet.ts'
import { expect, test } from '../src/fixtures.ts'

test('reload restores the injected wallet session without a prompt', async ({
  page,
  injectedWallet,
}) => {
  await connectWith(page, /Test Wallet/, injectedWallet.address)
  const before = injectedWallet.log.filter((r) => r.method === 'eth_requestAccounts').length
  await page.reload()
  await expect(page.getByTestId('account-address')).toContainText(injectedWallet.address)
  // Restored through eth_accounts: the wallet was not asked again.
  expect(injectedWallet.log.filter((r) => r.method === 'eth_requestAccounts').length).toBe(before)
})

test('reload restores the WalletConnect session without a new QR code', async ({
  page,
  walletConnectWallet,
}) => {
  await connectWithWalletConnect(page, walletConnectWallet)
  await page.reload()
  await expect(page.getByTestId('account-address')).toContainText(walletConnectWallet.address, {
    timeout: 20_000,
  })
  expect(walletConnectWallet.sessions()).toHaveLength(1)
})

test('the two most recent wallets come first, marked Recent', async ({
  page,
  injectedWallet,
  manifest,
}) => {
  // Devnet Wallet first, then Test Wallet: the newest is listed first.
  const dialog = await openConnectModal(page)
  await dialog.getByRole('button', { name: /^Devnet Wallet/ }).click()
  await page
    .getByRole('alertdialog', { name: /Devnet Wallet/ })
    .getByRole('button', { name: 'Confirm' })
    .click()
  await expect(page.getByTestId('account-address')).toContainText(manifest.demoWallet.address)
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await connectWith(page, /Test Wallet/, injectedWallet.address)
  await page.getByRole('button', { name: 'Disconnect' }).click()

  const again = await openConnectModal(page)
  const names = await walletButtonNames(again)
  expect(names[0]).toMatch(/Test Wallet.*Recent/)
  expect(names[1]).toMatch(/Devnet Wallet.*Recent/)
  expect(names.slice(2).some((n) => /Recent/.test(n))).toBe(false)
})

test('disconnect clears the connection state the spec lists, and keeps recent wallets', async ({
  page,
  injectedWallet,
}) => {
  await connectWith(page, /Test Wallet/, injectedWallet.address)
  const connected = await page.evaluate(() =>
    localStorage.getItem('@latch/connected_connector_ids'),
  )
  expect(connected).toContain('dev.latch.test-wallet')
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  const stored = await page.evaluate(() => ({ ...localStorage }))
  expect(stored['@latch/connected_connector_ids'] ?? '{}').not.toContain('dev.latch.test-wallet')
  expect(stored['@latch/recent_wallets']).toContain('Test Wallet')
  await page.reload()
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await expect(page.getByTestId('account-address')).toHaveCount(0)
})

test('disconnecting a WalletConnect session clears its stored session', async ({
  page,
  walletConnectWallet,
}) => {
  await connectWithWalletConnect(page, walletConnectWallet)
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await expect.poll(() => walletConnectWallet.sessions().length, { timeout: 10_000 }).toBe(0)
  const sessionKeys = await page.evaluate(() =>
    Object.keys(localStorage).filter(
      (k) => k.includes('wc@2:client') && k.includes('session') && localStorage.getItem(k) !== '[]',
    ),
  )
  expect(sessionKeys).toEqual([])
})

test('a wallet that ends the WalletConnect session disconnects the app', async ({
  page,
  walletConnectWallet,
}) => {
  await connectWithWalletConnect(page, walletConnectWallet)
  const [session] = walletConnectWallet.sessions()
  await walletConnectWallet.client.disconnect({
    topic: session?.topic as string,
    reason: { code: 6000, message: 'User disconnected.' },
  })
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible({
    timeout: 15_000,
  })
})

test('All Wallets searches the registry and loads pages of 40 as the list scrolls', async ({
  page,
}) => {
  const dialog = await openConnectModal(page)
  await dialog.getByRole('button', { name: /All Wallets/ }).click()
  const grid = dialog.getByRole('list', { name: 'Wallets' })
  await expect(grid.getByRole('button')).toHaveCount(40)
  await grid.getByRole('button').last().scrollIntoViewIfNeeded()
  await expect.poll(() => grid.getByRole('button').count()).toBeGreaterThan(40)

  await dialog.getByRole('searchbox', { name: 'Search wallet' }).fill('rainb')
  await expect(grid.getByRole('button', { name: /Rainbow/ })).toBeVisible()
  await expect(grid.getByRole('button')).toHaveCount(1)
  await dialog.getByRole('searchbox', { name: 'Search wallet' }).fill('no such wallet at all')
  await expect(dialog.getByText('No wallet found')).toBeVisible()
})

test('a registry wallet opens its QR code, and on a phone its deep link', async ({ browser }) => {
  const phone = await browser.newPage({
    viewport: { width: 390, height: 800 },
    hasTouch: true,
    isMobile: true,
  })
  const dialog = await openConnectModal(phone)
  await dialog.getByRole('button', { name: /All Wallets/ }).click()
  await dialog.getByRole('searchbox', { name: 'Search wallet' }).fill('Rainbow')
  await dialog.getByRole('button', { name: /Rainbow/ }).click()
  const uri = await dialog.locator('[data-wc-uri]').getAttribute('data-wc-uri')
  expect(uri).toMatch(/^wc:/)
  const open = dialog.getByRole('link', { name: /Open Rainbow/ })
  await expect(open).toHaveAttribute(
    'href',
    `rainbow://wc?uri=${encodeURIComponent(uri as string)}`,
  )
  await phone.close()
})

test('every connect view passes axe-core', async ({ page, injectedWallet }) => {
  await installAxe(page)
  const dialog = await openConnectModal(page)
  expect(await axeViolations(page), 'Connect').toEqual([])
  await dialog.getByRole('button', { name: /All Wallets/ }).click()
  await expect(
    dialog.getByRole('list', { name: 'Wallets' }).getByRole('button').first(),
  ).toBeVisible()
  expect(await axeViolations(page), 'AllWallets').toEqual([])
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()
  await dialog.getByRole('button', { name: /WalletConnect/ }).click()
  await expect(dialog.locator('[data-wc-uri]')).toBeVisible()
  expect(await axeViolations(page), 'ConnectingWalletConnectBasic').toEqual([])
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()
  injectedWallet.queue('eth_requestAccounts', 'reject')
  await dialog.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(dialog.getByRole('alert').filter({ hasText: 'declined' })).toBeVisible()
  expect(await axeViolations(page), 'ConnectingExternal (declined)').toEqual([])
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByTestId('account-address')).toContainText(injectedWallet.address)
  expect(await axeViolations(page), 'Account').toEqual([])
  await page.getByTestId('account-network').click()
  await expect(page.getByTestId('networks-view')).toBeVisible()
  expect(await axeViolations(page), 'Networks').toEqual([])
})

test('the modal shows its view at full height in the first frame that holds it (no growth from nothing)', async ({
  page,
}) => {
  for (const wait of ['load', 'networkidle'] as const) {
    // Right after load (the modal imported with the page, or its loading frame first) and later.
    await page.goto(webUrl(), { waitUntil: wait })
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    const first = await page.evaluate(
      () =>
        new Promise<{ height: string; content: number; growing: number }>((done, fail) => {
          const button = [...document.querySelectorAll('button')].find(
            (b) => b.textContent?.trim() === 'Connect Wallet',
          )
          if (!button) throw new Error('No Connect Wallet button.')
          const start = performance.now()
          const check = () => {
            const dialog = document.querySelector('dialog[open]')
            const body = dialog?.querySelector<HTMLElement>('.latch-modal__body')
            const content = dialog?.querySelector<HTMLElement>('.latch-modal__content')
            if (body && content && dialog?.querySelector('.latch-modal__view :is(input, button)')) {
              const height = body.style.height
              const contentHeight = content.offsetHeight
              // The next frame: is the body's height being animated?
              requestAnimationFrame(() =>
                done({
                  height,
                  content: contentHeight,
                  growing: body
                    .getAnimations()
                    .filter((a) => (a as CSSTransition).transitionProperty === 'height').length,
                }),
              )
            } else if (performance.now() - start > 10_000) fail(new Error('No view in 10 s.'))
            else requestAnimationFrame(check)
          }
          button.click()
          requestAnimationFrame(check)
        }),
    )
    // The body's height (what its height animation follows) is the view's from that first frame;
    // it was 0 px there, and the view then grew into sight over 150 ms.
    expect(first.content, wait).toBeGreaterThan(100)
    expect(Number.parseFloat(first.height), wait).toBeCloseTo(first.content, 0)
    expect(first.growing, wait).toBe(0)
  }
})
