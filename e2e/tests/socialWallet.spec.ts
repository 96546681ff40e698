import type { DevnetManifest } from '@latch/api-contract'
import type { Locator, Page } from '@playwright/test'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { axeViolations, installAxe } from '../src/app.ts'
import { fund, webUrl } from '../src/devnet.ts'
import {
  accountAddress,
  approveInFrame,
  confirmationDetail,
  frameConfirmation,
  modalStep,
} from '../src/emailWallet.ts'
import { expect, test } from '../src/fixtures.ts'
import { lastMailboxId, readMailboxCode, uniqueEmail } from '../src/readMailbox.ts'
import { refreshApiBalances } from '../src/refreshApiBalances.ts'
import { chainBalance, fillSendForm, openWalletFeature } from '../src/send.ts'
import {
  accountSocial,
  chooseOidcUser,
  finishWalletSetup,
  openConnect,
  openSocialPopup,
  signInWithSocial,
  socialButton,
} from '../src/socialWallet.ts'

function firstChain(manifest: DevnetManifest) {
  const chain = manifest.chains[0]
  if (!chain) throw new Error('No devnet chain.')
  return chain
}

const toast = (page: Page, text: string) =>
  page.getByTestId('latch-toast').filter({ hasText: text }).first()

/** The social username the page keeps (spec section 3), as local storage holds it (JSON). */
const socialUsername = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('@latch/social_username')
    return raw === null ? null : (JSON.parse(raw) as string)
  })

test('the Connect view offers every social button of the devnet, in the spec order, named', async ({
  page,
}) => {
  const dialog = await openConnect(page)
  const social = dialog.getByRole('region', { name: 'Sign in with a social account' })
  await expect(social.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
  const row = ['Sign in with X', 'Sign in with Discord', 'Sign in with Farcaster']
  for (const name of row) await expect(social.getByRole('button', { name })).toBeVisible()
  const more = social.getByRole('button', { name: 'More sign-in options' })
  await expect(more).toHaveAttribute('aria-expanded', 'false')
  await expect(social.getByRole('button', { name: 'GitHub', exact: true })).toBeHidden()
  // Keyboard: Tab reaches "more", Enter opens the rest.
  await more.focus()
  await page.keyboard.press('Enter')
  await expect(more).toHaveAttribute('aria-expanded', 'true')
  for (const name of ['GitHub', 'Apple', 'Facebook'])
    await expect(social.getByRole('button', { name, exact: true })).toBeVisible()
})

test('sign in with Google in a popup: the wallet survives a reload, sends ETH and signs out', async ({
  page,
  manifest,
}) => {
  test.setTimeout(150_000)
  await signInWithSocial(page, 'google', 'ada')
  const account = page.getByTestId('account-view')
  await expect(accountSocial(page)).toHaveText(/· Google$/)
  await expect(account.getByTestId('account-update-email')).toHaveText('Add email')
  expect(await socialUsername(page)).toMatch(/\S/)
  const address = await accountAddress(page)
  const chain = firstChain(manifest)
  await fund(manifest, address, { chainId: chain.id })
  // Past the API's 30 s balance cache (the panel read the empty account at sign-in), as the
  // app does after a send: the reload below shows the coins.
  await refreshApiBalances(manifest, { address, chainId: chain.id })

  // A reload restores the session from the frame: no popup, no passphrase.
  await page.reload()
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', address, {
    timeout: 30_000,
  })
  await expect(accountSocial(page)).toHaveText(/· Google$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // Send ETH, confirmed in the frame.
  await expect(account.getByTestId('account-balance')).toHaveText(/^[\d,.]*[1-9][\d,.]* ETH$/, {
    timeout: 45_000,
  })
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const send = await openWalletFeature(page, 'Send')
  await fillSendForm(send, { symbol: 'ETH', amount: '0.01', receiver })
  await send.getByRole('button', { name: 'Send', exact: true }).click()
  const transaction = await frameConfirmation(page)
  await expect(confirmationDetail(transaction, 'Site')).toHaveText(new URL(webUrl()).origin)
  await expect(confirmationDetail(transaction, 'To')).toHaveText(receiver)
  await approveInFrame(page, transaction)
  await expect(toast(page, 'Sent 0.01 ETH')).toBeVisible({ timeout: 30_000 })
  expect(await chainBalance(chain, receiver)).toBe(parseEther('0.01'))
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // Sign out: both sides, and the social username is forgotten.
  await account.getByTestId('account-sign-out').click()
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  expect(await socialUsername(page)).toBeNull()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await expect(page.getByTestId('account-view')).toHaveCount(0)
})

/** Add email on a social account without one: a code to the new address only, then it has one. */
async function addEmail(page: Page, account: Locator) {
  const email = uniqueEmail('social')
  await expect(account.getByTestId('account-update-email')).toHaveText('Add email')
  await account.getByTestId('account-update-email').click()
  const update = modalStep(page, 'Update Email')
  await update.getByLabel('New email', { exact: true }).fill(email)
  const after = await lastMailboxId(email)
  await update.getByRole('button', { name: 'Continue', exact: true }).click()
  const code = await readMailboxCode(email, after)
  await modalStep(page, 'Confirm New Email').getByLabel('One-time code', { exact: true }).fill(code)
  await expect(toast(page, 'Email updated')).toBeVisible()
  await page.keyboard.press('Escape')
}

test('sign in with GitHub (under "more"): another provider, its own account; reload keeps it', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const wallet = await signInWithSocial(page, 'github', 'grace')
  await expect(accountSocial(page)).toHaveText('grace_hopper · GitHub')
  await expect(page.getByText('Connected with GitHub')).toBeVisible()
  const address = await accountAddress(page)
  expect(await socialUsername(page)).toBe('grace_hopper')
  await page.reload()
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', address, {
    timeout: 30_000,
  })
  const account = page.getByTestId('account-view')
  // No email yet (the provider's never joins accounts): Add email mails a code to the new
  // address only, and the account then has one (exporting the key needs it). A repeated run
  // against the same stack recovers the account made before, which has its email already.
  if (wallet === 'created') await addEmail(page, account)
  await expect(account.getByTestId('account-update-email')).toHaveText('Update email')
  await account.getByTestId('account-sign-out').click()

  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
})

/** A page whose `window.open` returns null, as a popup blocker makes it. */
async function blockPopups(page: Page) {
  await page.addInitScript(() => {
    window.open = () => null
  })
}

test('popups blocked: the sign-in goes by redirect and comes back to the app', async ({ page }) => {
  test.setTimeout(120_000)
  await blockPopups(page)
  const dialog = await openConnect(page)
  await (await socialButton(dialog, 'discord')).click()
  // The whole page goes to the provider, then back with the answer in its fragment, which
  // the app finishes at start (the modal shows the progress, then the frame's passphrase).
  await chooseOidcUser(page, 'alan')
  await page.waitForURL((url) => url.origin === new URL(webUrl()).origin, { timeout: 30_000 })
  await finishWalletSetup(page)
  await expect(accountSocial(page)).toHaveText('alan_turing · Discord')
  // The answer is gone from the address bar.
  expect(new URL(page.url()).hash).toBe('')
})

test('consent denied at the provider: back to Connect with the message, nothing connected', async ({
  page,
}) => {
  const dialog = await openConnect(page)
  const login = await openSocialPopup(page, dialog, 'x')
  await expect(login.getByRole('button', { name: 'Deny' })).toBeVisible()
  await login.getByRole('button', { name: 'Deny' }).click()
  await expect(dialog.getByTestId('social-error')).toHaveText(/declined/i, { timeout: 30_000 })
  await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
  await expect(page.getByTestId('account-view')).toHaveCount(0)
})

test('closing the popup cancels quietly; a forged answer with another state finishes nothing', async ({
  page,
}) => {
  const dialog = await openConnect(page)
  const login = await openSocialPopup(page, dialog, 'google')
  const pending = dialog.getByText('Continue in the Google window')
  await expect(pending).toBeVisible()
  // A message forged by another window (here the page itself) is not the popup's: ignored.
  await page.evaluate(() =>
    window.postMessage(
      { type: 'latch:social:callback', state: 'forged', search: '?code=forged&state=forged' },
      '*',
    ),
  )
  // The API's callback with a state it never issued: refused there.
  await login.goto(
    `${process.env.LATCH_E2E_API_URL}/auth/v1/social/callback?code=forged&state=forged`,
  )
  await expect(login.getByText(/no longer valid/i)).toBeVisible()
  await login.close()
  await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
  await expect(dialog.getByTestId('social-error')).toHaveCount(0)

  // A forged redirect back to the app (another state in the fragment): the frame refuses it.
  await page.evaluate(() =>
    sessionStorage.setItem('latch.socialPending', JSON.stringify({ provider: 'google' })),
  )
  // (A new document: a fragment change alone would not reload the page.)
  await page.goto(
    `${webUrl()}/?back=1#latch-social=${encodeURIComponent('?code=forged&state=forged')}`,
  )
  const refused = page.getByRole('dialog').getByTestId('social-error')
  await expect(refused).toHaveText(/not started here/i, { timeout: 30_000 })
  expect(new URL(page.url()).hash).toBe('')
  await expect(page.getByTestId('account-view')).toHaveCount(0)
})

test('Cancel in the app closes the popup and goes back to Connect, quietly', async ({ page }) => {
  const dialog = await openConnect(page)
  const login = await openSocialPopup(page, dialog, 'facebook')
  await expect(dialog.getByText('Continue in the Facebook window')).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click()
  await expect.poll(() => login.isClosed()).toBe(true)
  await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
  await expect(dialog.getByTestId('social-error')).toHaveCount(0)
})

test('on a phone-sized screen, by keyboard: the buttons fit, pass axe-core, and sign in', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const phone = await browser.newPage({ viewport: { width: 360, height: 740 }, hasTouch: true })
  await installAxe(phone)
  const dialog = await openConnect(phone)
  const social = dialog.getByRole('region', { name: 'Sign in with a social account' })
  await expect(social).toBeVisible()
  const more = social.getByRole('button', { name: 'More sign-in options' })
  await more.focus()
  await phone.keyboard.press('Enter')
  await expect(social.getByRole('button', { name: 'Apple', exact: true })).toBeVisible()
  expect(await axeViolations(phone), 'Connect with socials').toEqual([])
  // Nothing wider than the screen.
  expect(await social.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
  // Keyboard only: the focused button, Enter; on the provider's page too.
  await social.getByRole('button', { name: 'Apple', exact: true }).focus()
  const popup = phone.waitForEvent('popup')
  await phone.keyboard.press('Enter')
  const login = await popup
  await login.getByRole('button', { name: /^Grace Hopper\b/ }).focus()
  await login.keyboard.press('Enter')
  await expect.poll(() => login.isClosed(), { timeout: 30_000 }).toBe(true)
  await finishWalletSetup(phone)
  await expect(accountSocial(phone)).toHaveText(/· Apple$/)
  await phone.close()
})
