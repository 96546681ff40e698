import type { Page } from '@playwright/test'
import { generatePrivateKey } from 'viem/accounts'
import { axeViolations, installAxe } from '../src/app.ts'
import { expect, test } from '../src/fixtures.ts'
import { type InjectedWallet, installInjectedWallet } from '../src/injectedWallet.ts'
import { serveSignInWebForTests } from '../src/serveSignInWebForTests.ts'
import { createWalletConnectWallet, type WalletConnectWallet } from '../src/walletConnectWallet.ts'

/** The devnet web app, as `npm start` serves it, but requiring sign-in (LATCH_REQUIRE_SIGN_IN). */
const server = serveSignInWebForTests()

/** A wallet of its own per test (sessions belong to an address): a fresh key. */
async function freshWallet(
  page: Page,
  manifest: Parameters<typeof installInjectedWallet>[1]['manifest'],
) {
  return installInjectedWallet(page, { manifest, privateKey: generatePrivateKey() })
}

const signatures = (wallet: InjectedWallet) =>
  wallet.log.filter((entry) => entry.method === 'personal_sign').length

/** Connects the Test Wallet; the modal goes on to ConnectingSiwe (connect and sign in, one step). */
async function connect(page: Page) {
  await page.goto(server.url)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page
    .getByRole('dialog', { name: 'Connect Wallet' })
    .getByRole('button', { name: /Test Wallet/ })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Sign In' })
  await expect(dialog.getByTestId('sign-in-view')).toHaveAttribute('data-view', 'ConnectingSiwe')
  return dialog
}

/** ConnectingSiwe's button ("Sign"); SIWXSignMessage's is "Sign in". */
const sign = { name: 'Sign', exact: true }

test('a required sign-in shows the EIP-4361 message, signs in, and survives a reload', async ({
  page,
  manifest,
}) => {
  await installAxe(page)
  const wallet = await freshWallet(page, manifest)
  const dialog = await connect(page)
  const origin = new URL(server.url)

  // The whole message is shown before the wallet is asked anything.
  const message = dialog.getByTestId('sign-in-message')
  await expect(message).toContainText(
    `${origin.host} wants you to sign in with your Ethereum account:`,
  )
  await expect(message).toContainText(wallet.address)
  await expect(message).toContainText('Sign in to Latch.')
  await expect(message).toContainText(`URI: ${origin.origin}`)
  await expect(message).toContainText('Version: 1')
  await expect(message).toContainText(`Chain ID: ${manifest.chains[0]?.id}`)
  await expect(message).toContainText(/Nonce: \w{8,}/)
  await expect(message).toContainText(/Issued At: \d{4}-\d\d-\d\dT/)
  await expect(message).toContainText(/Expiration Time: \d{4}-\d\d-\d\dT/)
  await expect(page.getByTestId('account-view')).toHaveCount(0)
  expect(signatures(wallet)).toBe(0)
  expect(await axeViolations(page), 'ConnectingSiwe').toEqual([])

  await dialog.getByRole('button', sign).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('account-address')).toContainText(wallet.address)
  expect(signatures(wallet)).toBe(1)
  const session = await page.evaluate(() => localStorage.getItem('@latch/sign_in_sessions'))
  expect(session).toContain(wallet.address)

  // A reload restores the connection and finds the session: no new signature.
  await page.reload()
  await expect(page.getByTestId('account-address')).toContainText(wallet.address)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(signatures(wallet)).toBe(1)
})

test('revoking the session signs out: the sign-in view comes back', async ({ page, manifest }) => {
  await installAxe(page)
  const wallet = await freshWallet(page, manifest)
  const dialog = await connect(page)
  await dialog.getByRole('button', sign).click()
  await expect(page.getByTestId('account-address')).toContainText(wallet.address)

  await page.getByRole('button', { name: 'Sessions' }).click()
  const sessions = page.getByRole('dialog', { name: 'Sessions' })
  const rows = sessions.getByTestId('session-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('This browser')
  await expect(rows.first()).toContainText(new URL(server.url).host)
  expect(await axeViolations(page), 'Sessions').toEqual([])

  await rows.first().getByTestId('session-revoke').click()
  // The revocation is signed; this browser's session is gone, so it signs in again.
  const signIn = page.getByRole('dialog', { name: 'Sign In' })
  await expect(signIn.getByTestId('sign-in-view')).toBeVisible()
  expect(signatures(wallet)).toBe(2)
  const revoked = wallet.log.filter((entry) => entry.method === 'personal_sign')[1]
  const [raw] = (revoked?.params ?? []) as string[]
  expect(Buffer.from(String(raw).slice(2), 'hex').toString()).toMatch(/^Revoke Latch session \S+$/)

  // Signing in again comes back to the list, which now holds the new session.
  await expect(signIn.getByTestId('sign-in-message')).toBeVisible()
  await signIn.getByRole('button', sign).click()
  await expect(sessions.getByTestId('session-row')).toHaveCount(1)
  await expect(sessions.getByTestId('session-row').first()).toContainText('This browser')
})

test('a declined sign-in disconnects and says why', async ({ page, manifest }) => {
  const wallet = await freshWallet(page, manifest)
  const dialog = await connect(page)
  await expect(dialog.getByTestId('sign-in-message')).toBeVisible()
  wallet.queue('personal_sign', 'reject')
  await dialog.getByRole('button', sign).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Signature declined' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await expect(page.getByTestId('account-view')).toHaveCount(0)
})

test('Cancel disconnects without signing', async ({ page, manifest }) => {
  const wallet = await freshWallet(page, manifest)
  const dialog = await connect(page)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  expect(signatures(wallet)).toBe(0)
})

test('ConnectingSiwe: connect and sign in as one step, with the app and the wallet named', async ({
  page,
  manifest,
}) => {
  await installAxe(page)
  const wallet = await freshWallet(page, manifest)
  await page.goto(server.url)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const modal = page.getByRole('dialog')
  await modal.getByRole('button', { name: /Test Wallet/ }).click()
  // The same dialog goes on from connecting to signing in: it never closes in between.
  const view = modal.getByTestId('sign-in-view')
  await expect(view).toHaveAttribute('data-view', 'ConnectingSiwe')
  await expect(modal).toHaveAccessibleName('Sign In')
  await expect(view).toContainText('Latch needs to connect to your wallet')
  await expect(view).toContainText('Canceling will disconnect you.')
  // The app's icon (the page's own) beside the wallet's.
  const icons = view.getByTestId('sign-in-identities').locator('img')
  await expect(icons.first()).toHaveAttribute('src', new URL('/favicon.svg', server.url).href)
  await expect(icons).toHaveCount(2)
  await expect(view.getByRole('button', { name: 'Cancel' })).toBeVisible()
  expect(await axeViolations(page), 'ConnectingSiwe').toEqual([])

  await view.getByRole('button', sign).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByTestId('account-address')).toContainText(wallet.address)
  expect(signatures(wallet)).toBe(1)

  // Without a session, a restored connection signs in on SIWXSignMessage instead: no connect.
  await page.evaluate(() => localStorage.removeItem('@latch/sign_in_sessions'))
  await page.reload()
  const signIn = page.getByRole('dialog', { name: 'Sign In' })
  await expect(signIn.getByTestId('sign-in-view')).toHaveAttribute('data-view', 'SIWXSignMessage')
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByTestId('account-address')).toContainText(wallet.address)
  expect(signatures(wallet)).toBe(2)
})

test('a kept session that has expired: Session Expired, then a new sign-in', async ({
  page,
  manifest,
}) => {
  const wallet = await freshWallet(page, manifest)
  const dialog = await connect(page)
  await dialog.getByRole('button', sign).click()
  await expect(page.getByTestId('account-address')).toContainText(wallet.address)

  // Eight days on (a session lasts seven), the page comes back.
  await page.clock.install({ time: Date.now() + 8 * 24 * 60 * 60 * 1000 })
  await page.reload()
  const required = page.getByTestId('sign-in-required')
  await expect(required.getByRole('alert')).toContainText('Session Expired')
  const signIn = page.getByRole('dialog', { name: 'Sign In' })
  await expect(signIn.getByTestId('sign-in-view')).toHaveAttribute('data-view', 'SIWXSignMessage')
  // The expired session is forgotten.
  const kept = await page.evaluate(() => localStorage.getItem('@latch/sign_in_sessions'))
  expect(kept ?? '').not.toContain(wallet.address)
})

/** Opens the WalletConnect QR code and has `wallet` scan it. */
async function pairWalletConnect(page: Page, wallet: WalletConnectWallet) {
  await page.goto(server.url)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByRole('button', { name: /WalletConnect/ }).click()
  await expect(dialog.getByLabel('WalletConnect QR code')).toBeVisible()
  const uri = await dialog.locator('[data-wc-uri]').getAttribute('data-wc-uri')
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  await wallet.pair(uri as string)
}

test('WalletConnect: one approval in the wallet connects and signs in (one-click auth)', async ({
  page,
  manifest,
}) => {
  const wallet = await createWalletConnectWallet({ manifest, privateKey: generatePrivateKey() })
  try {
    await pairWalletConnect(page, wallet)
    await expect(page.getByTestId('account-address')).toContainText(wallet.address, {
      timeout: 20_000,
    })
    await expect(page.getByRole('dialog')).toHaveCount(0)
    // The session approval carried the sign-in: nothing more was asked of the wallet.
    expect(wallet.authentications()).toBe(1)
    expect(wallet.requests).not.toContain('personal_sign')
    const kept = await page.evaluate(() => localStorage.getItem('@latch/sign_in_sessions'))
    expect(kept).toContain(wallet.address)

    await page.getByRole('button', { name: 'Sessions' }).click()
    const rows = page.getByRole('dialog', { name: 'Sessions' }).getByTestId('session-row')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('This browser')
    await expect(rows.first()).toContainText(new URL(server.url).host)

    // A reload restores the WalletConnect session and finds the sign-in: no new request.
    await page.reload()
    await expect(page.getByTestId('account-address')).toContainText(wallet.address)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(wallet.requests).not.toContain('personal_sign')
  } finally {
    await wallet.close()
  }
})

test('WalletConnect: a wallet without one-click auth connects, then signs on ConnectingSiwe', async ({
  page,
  manifest,
}) => {
  const wallet = await createWalletConnectWallet({
    manifest,
    privateKey: generatePrivateKey(),
    oneClickAuth: false,
  })
  try {
    await pairWalletConnect(page, wallet)
    const dialog = page.getByRole('dialog', { name: 'Sign In' })
    const view = dialog.getByTestId('sign-in-view')
    await expect(view).toHaveAttribute('data-view', 'ConnectingSiwe', { timeout: 20_000 })
    await expect(view.getByTestId('sign-in-message')).toContainText(wallet.address)
    expect(wallet.requests).not.toContain('personal_sign')

    await view.getByRole('button', sign).click()
    await expect(page.getByTestId('account-address')).toContainText(wallet.address)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(wallet.authentications()).toBe(0)
    expect(wallet.requests.filter((method) => method === 'personal_sign')).toHaveLength(1)
  } finally {
    await wallet.close()
  }
})
