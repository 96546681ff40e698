import { signInWithFarcaster } from '../../apps/devnet/src/farcaster/signInWithFarcaster.ts'
import { expect, test } from '../src/fixtures.ts'
import { accountSocial, finishWalletSetup, openConnect, socialButton } from '../src/socialWallet.ts'

test("Sign In With Farcaster: the QR code's link signed by the test client opens a wallet", async ({
  page,
  manifest,
}) => {
  test.setTimeout(120_000)
  const dialog = await openConnect(page)
  await (await socialButton(dialog, 'farcaster')).click()
  const view = page.getByRole('dialog').getByTestId('connecting-farcaster')
  await expect(view.getByRole('img', { name: 'QR code to sign in with Farcaster' })).toBeVisible({
    timeout: 20_000,
  })
  const url = (await view.getByTestId('farcaster-qr').getAttribute('data-farcaster-url')) ?? ''
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/~\/siwf\?channelToken=/)
  await expect(view.getByRole('link', { name: 'Open Farcaster' })).toHaveAttribute('href', url)
  await expect(view.getByRole('button', { name: 'Copy link' })).toBeEnabled()
  await expect(view.getByText('Waiting for you to sign in with Farcaster…')).toBeVisible()

  // A phone's Farcaster app: reads the link, signs with the FID's custody key.
  const fid = 1
  const user = manifest.farcaster?.accounts.find((account) => account.fid === fid)
  await signInWithFarcaster({ url, manifest, fid })
  await finishWalletSetup(page)
  await expect(accountSocial(page)).toHaveText(`${user?.username} · Farcaster`)
})

test('Back from Farcaster sign-in forgets the link; the next one is new and still works', async ({
  page,
  manifest,
}) => {
  test.setTimeout(120_000)
  const dialog = await openConnect(page)
  await (await socialButton(dialog, 'farcaster')).click()
  const modal = page.getByRole('dialog')
  const qr = modal.getByTestId('farcaster-qr')
  await expect(qr).toHaveAttribute('data-farcaster-url', /channelToken=/, { timeout: 20_000 })
  const first = (await qr.getAttribute('data-farcaster-url')) ?? ''
  await modal.getByRole('button', { name: 'Back' }).click()
  await expect(modal.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
  // Signed after leaving: finishes nothing in this page.
  await signInWithFarcaster({ url: first, manifest, fid: 2 }).catch(() => {})
  await page.waitForTimeout(2_000)
  await expect(page.getByTestId('account-view')).toHaveCount(0)

  await (await socialButton(modal, 'farcaster')).click()
  await expect(qr).toHaveAttribute('data-farcaster-url', /channelToken=/, { timeout: 20_000 })
  const second = (await qr.getAttribute('data-farcaster-url')) ?? ''
  expect(second).not.toBe(first)
  await signInWithFarcaster({ url: second, manifest, fid: 3 })
  await finishWalletSetup(page)
  await expect(page.getByTestId('account-view').getByTestId('account-social')).toHaveText(
    /· Farcaster$/,
  )
})
