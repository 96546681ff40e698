import { type SocialButton, socialProviderNames } from '@latch/api-contract'
import { expect, type Locator, type Page } from '@playwright/test'
import { webUrl } from './devnet.ts'
import { authFrame, testPassphrase } from './emailWallet.ts'

/** The local OpenID provider's test users, as its login page lists them. */
export const oidcUsers = {
  ada: { name: 'Ada Lovelace', username: 'ada_lovelace', email: 'ada@example.com' },
  grace: { name: 'Grace Hopper', username: 'grace_hopper', email: 'grace@example.com' },
  alan: { name: 'Alan Turing', username: 'alan_turing', email: null },
} as const
export type OidcUser = keyof typeof oidcUsers

/** Opens the app (or `url`) and its connect dialog; returns the dialog. */
export async function openConnect(page: Page, url = webUrl()): Promise<Locator> {
  await page.goto(url)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog).toBeVisible()
  return dialog
}

/**
 * A social button of the Connect view by its accessible name ("Continue with Google", "Sign in
 * with X", or under "More sign-in options" the provider's name), opening "more" when needed.
 */
export async function socialButton(dialog: Locator, provider: SocialButton): Promise<Locator> {
  const name = socialProviderNames[provider]
  const button = dialog
    .getByRole('button', { name: `Continue with ${name}`, exact: true })
    .or(dialog.getByRole('button', { name: `Sign in with ${name}`, exact: true }))
    .or(dialog.getByRole('button', { name, exact: true }))
  const more = dialog.getByRole('button', { name: 'More sign-in options' })
  // The buttons are there (the Connect view may still be loading) before looking.
  await expect(dialog.getByRole('button', { name: /^Continue with / })).toBeVisible()
  if (!(await button.first().isVisible()) && (await more.isVisible())) {
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click()
  }
  await expect(button.first()).toBeVisible()
  return button.first()
}

/**
 * Clicks an OAuth provider's button and returns the popup the app opened in the click (the
 * local OpenID provider's login page once it loads).
 */
export async function openSocialPopup(page: Page, dialog: Locator, provider: SocialButton) {
  const popup = page.waitForEvent('popup')
  await (await socialButton(dialog, provider)).click()
  const window = await popup
  await window.waitForLoadState('domcontentloaded')
  return window
}

/** Picks a test user on the local OpenID provider's login page (a popup or the page itself). */
export async function chooseOidcUser(login: Page, user: OidcUser): Promise<void> {
  await expect(login.getByRole('heading', { name: /\(Latch devnet\)$/ })).toBeVisible()
  await login.getByRole('button', { name: new RegExp(`^${oidcUsers[user].name}\\b`) }).click()
}

/**
 * The wallet after a social sign-in, in the frame's own dialog: a new wallet's recovery
 * passphrase (typed twice), or, for an account that has one, the passphrase that recovers it
 * in this browser. Then the account panel shows.
 */
export async function finishWalletSetup(
  page: Page,
  passphrase = testPassphrase,
): Promise<'created' | 'recovered'> {
  const frame = authFrame(page)
  const create = frame.getByRole('dialog', { name: 'Set a recovery passphrase' })
  const recover = frame.getByRole('dialog', { name: 'Enter your recovery passphrase' })
  await expect(create.or(recover)).toBeVisible({ timeout: 30_000 })
  const account = page.getByTestId('account-address')
  let outcome: 'created' | 'recovered' = 'created'
  if (await create.isVisible()) {
    await create.getByLabel('Passphrase', { exact: true }).fill(passphrase)
    await create.getByLabel('Repeat the passphrase', { exact: true }).fill(passphrase)
    await create.getByRole('button', { name: 'Continue', exact: true }).click()
    // Another browser of the same account may have created the wallet a moment before (a
    // repeated run): the frame then asks for the passphrase that recovers it instead.
    await expect
      .poll(async () => (await account.isVisible()) || (await recover.isVisible()), {
        timeout: 30_000,
      })
      .toBe(true)
  }
  if (await recover.isVisible()) {
    outcome = 'recovered'
    await recover.getByLabel('Recovery passphrase', { exact: true }).fill(passphrase)
    await recover.getByRole('button', { name: 'Continue', exact: true }).click()
  }
  await expect(account).toBeVisible({ timeout: 30_000 })
  return outcome
}

/**
 * Signs in with an OAuth provider through the popup as `user`, then opens the wallet. Returns
 * the popup (closed by then).
 */
export async function signInWithSocial(
  page: Page,
  provider: Exclude<SocialButton, 'farcaster'>,
  user: OidcUser,
): Promise<'created' | 'recovered'> {
  const dialog = await openConnect(page)
  const login = await openSocialPopup(page, dialog, provider)
  await expect(
    dialog.getByText(`Continue in the ${socialProviderNames[provider]} window`),
  ).toBeVisible()
  await chooseOidcUser(login, user)
  // The API's callback page hands the answer to the app and closes itself.
  await expect.poll(() => login.isClosed(), { timeout: 30_000 }).toBe(true)
  return finishWalletSetup(page)
}

/** The social account line of the account panel ("ada_lovelace · Google"). */
export function accountSocial(page: Page): Locator {
  return page.getByTestId('account-view').getByTestId('account-social')
}
