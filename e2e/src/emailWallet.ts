import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test'
import { getStackPorts } from '../../apps/devnet/src/ports.ts'
import { webUrl } from './devnet.ts'
import { lastMailboxId, readMailboxCode } from './readMailbox.ts'

/**
 * The embedded wallet's secure site of the running test stack: the stack lays its ports out
 * from the web app's (`getStackPorts`), so it is found without another setting.
 */
export function authUrl(): string {
  return `http://127.0.0.1:${getStackPorts(Number(new URL(webUrl()).port)).auth}`
}

/** The recovery passphrase every test wallet is sealed with. */
export const testPassphrase = 'correct horse battery staple'

/** The secure frame the app embeds (`${authUrl}/frame?projectId=...`), as a person sees it. */
export function authFrame(page: Page): FrameLocator {
  return page.frameLocator(`iframe[src^="${authUrl()}/frame"]`)
}

/**
 * Opens the app's connect dialog and types `email` into the Connect view's field. With
 * `waitOutCooldown`, a 'Please try again after {n} seconds' is waited out and Continue pressed
 * again (a code went to this email less than 30 s ago).
 */
export async function submitEmail(
  page: Page,
  email: string,
  options: { url?: string | undefined; waitOutCooldown?: boolean } = {},
): Promise<Locator> {
  await page.goto(options.url ?? webUrl())
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog).toBeVisible()
  await typeEmail(dialog, email)
  // A person told to wait waits, then presses Continue again.
  const error = dialog.getByTestId('email-error')
  const cooldown = /^Please try again after (\d+) seconds$/
  for (let attempt = 0; options.waitOutCooldown && attempt < 3; attempt++) {
    const next = dialog.getByTestId('email-step-text').or(error.filter({ hasText: cooldown }))
    await expect(next).toBeVisible()
    const text = (await error.isVisible()) ? ((await error.textContent()) ?? '') : ''
    const seconds = Number(cooldown.exec(text)?.[1] ?? 0)
    if (seconds === 0) break
    await page.waitForTimeout(seconds * 1000 + 250)
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  }
  return page.getByRole('dialog')
}

/** Fills the email field of the open Connect view and presses Continue. */
export async function typeEmail(dialog: Locator, email: string): Promise<void> {
  await dialog.getByLabel('Email', { exact: true }).fill(email)
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
}

/** The modal while it shows the step titled `title` ("Confirm Email", "Register Device"). */
export function modalStep(page: Page, title: string): Locator {
  return page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) })
}

/** The step that asks for the emailed code (page side). */
export function otpView(page: Page): Locator {
  return modalStep(page, 'Confirm Email')
}

/** Types the 6-digit code into the code step; it is checked at the sixth digit. */
export async function enterOtp(page: Page, code: string): Promise<void> {
  const input = otpView(page).getByLabel('One-time code', { exact: true })
  await expect(input).toBeEnabled()
  await input.fill(code)
}

/** Sets the recovery passphrase of a new wallet in the frame's own dialog (typed twice). */
export async function createPassphrase(page: Page, passphrase = testPassphrase): Promise<void> {
  const frame = authFrame(page)
  const dialog = frame.getByRole('dialog', { name: 'Set a recovery passphrase' })
  await dialog.getByLabel('Passphrase', { exact: true }).fill(passphrase)
  await dialog.getByLabel('Repeat the passphrase', { exact: true }).fill(passphrase)
  await press(dialog.getByRole('button', { name: 'Continue', exact: true }))
}

/** Enters the recovery passphrase on a new device, in the frame's own dialog. */
export async function enterPassphrase(page: Page, passphrase = testPassphrase): Promise<void> {
  const frame = authFrame(page)
  const dialog = frame.getByRole('dialog', { name: 'Enter your recovery passphrase' })
  await dialog.getByLabel('Recovery passphrase', { exact: true }).fill(passphrase)
  await press(dialog.getByRole('button', { name: 'Continue', exact: true }))
}

/** The frame's confirmation of a signature or transaction, once it shows. */
export async function frameConfirmation(page: Page): Promise<Locator> {
  const dialog = authFrame(page).getByRole('dialog')
  await expect(dialog).toBeVisible({ timeout: 20_000 })
  return dialog
}

/** A line of the frame's confirmation by its label ("Site", "Network", "To", "Value", "Max fee"). */
export function confirmationDetail(confirmation: Locator, label: string): Locator {
  return confirmation
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
}

/** Approves what the frame's confirmation shows (its button waits a moment before it works). */
export async function approveInFrame(page: Page, confirmation?: Locator): Promise<void> {
  const dialog = confirmation ?? (await frameConfirmation(page))
  const approve = dialog.getByRole('button', { name: /^Approve( and send)?$/ })
  await expect(approve).toBeEnabled()
  await press(approve)
  await expect(dialog).toBeHidden()
}

/** Clicks a button of the frame as a person would (it must be on top of the app's modal). */
async function press(button: Locator): Promise<void> {
  await button.click()
}

/**
 * Signs a new person in by email from the app (a code from the mailbox, then a recovery
 * passphrase for the new wallet) and waits for the account panel. Returns the wallet's address.
 */
export async function signUpByEmail(
  page: Page,
  email: string,
  options: { url?: string; passphrase?: string; waitForAccount?: boolean } = {},
): Promise<void> {
  const after = await lastMailboxId(email)
  await submitEmail(page, email, { url: options.url })
  await enterOtp(page, await readMailboxCode(email, after))
  await createPassphrase(page, options.passphrase)
  if (options.waitForAccount !== false)
    await expect(page.getByTestId('account-address')).toBeVisible({ timeout: 30_000 })
}

/**
 * On a page that requires sign-in (`serveSignInWebForTests`): signs a new person up by email at `url`,
 * then signs the EVM account's sign-in message in the frame (its confirmation names the site)
 * and waits for the Sign In dialog to close. Returns that dialog, for the next sign-in.
 */
export async function signUpAndSignInByEmail(
  page: Page,
  email: string,
  options: { url: string },
): Promise<Locator> {
  await signUpByEmail(page, email, { url: options.url, waitForAccount: false })
  const signIn = page.getByRole('dialog', { name: 'Sign In' })
  await expect(signIn.getByTestId('sign-in-message')).toBeVisible({ timeout: 30_000 })
  await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
  const confirmation = await frameConfirmation(page)
  await expect(confirmation).toContainText(new URL(options.url).host)
  await approveInFrame(page, confirmation)
  await expect(signIn).toBeHidden({ timeout: 20_000 })
  return signIn
}

/** The account panel's address (full, from its title or text). */
export async function accountAddress(page: Page): Promise<string> {
  const element = page.getByTestId('account-address')
  await expect(element).toContainText(/0x[0-9a-fA-F]{4}/)
  const title = await element.getAttribute('title')
  const text = title && /^0x[0-9a-fA-F]{40}$/.test(title) ? title : await element.textContent()
  const match = /0x[0-9a-fA-F]{40}/.exec(text ?? '')
  if (!match) throw new Error(`No full address in the account panel ("${text}").`)
  return match[0]
}
