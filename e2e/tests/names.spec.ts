import { createNameMessage, type DevnetManifest, toNameCoinType } from '@latch/api-contract'
import type { Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { axeViolations, installAxe, openConnectModal } from '../src/app.ts'
import { expect, test } from '../src/fixtures.ts'
import { type InjectedWallet, installInjectedWallet } from '../src/injectedWallet.ts'

/** Names are for good: every test registers with a fresh account and fresh labels. */
const uniqueLabel = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** Connects a Test Wallet holding a fresh key (no name yet) and opens RegisterAccountName. */
async function openRegisterName(
  page: Page,
  manifest: DevnetManifest,
): Promise<{ wallet: InjectedWallet }> {
  const wallet = await installInjectedWallet(page, {
    manifest,
    privateKey: generatePrivateKey(),
  })
  const connect = await openConnectModal(page)
  await connect.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('account-address')).toContainText(wallet.address)
  await page.getByRole('button', { name: 'Register name' }).click()
  await expect(page.getByRole('dialog', { name: 'Register Name' })).toBeVisible()
  return { wallet }
}

/** Registers `label` for another account through the API, as another app would. */
async function registerElsewhere(manifest: DevnetManifest, label: string): Promise<void> {
  const account = privateKeyToAccount(generatePrivateKey())
  const message = createNameMessage({ name: `${label}.latch.id` })
  const apiUrl = process.env.LATCH_E2E_API_URL
  const response = await fetch(`${apiUrl}/v1/profile/account?projectId=${manifest.projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coin_type: toNameCoinType(manifest.chains[0]?.id ?? 31337),
      address: account.address,
      message,
      signature: await account.signMessage({ message }),
    }),
  })
  expect(response.status, await response.clone().text()).toBe(201)
}

test('register a name: available, signed in the wallet, then shown in the account header', async ({
  page,
  manifest,
}) => {
  await installAxe(page)
  const { wallet } = await openRegisterName(page, manifest)
  const dialog = page.getByRole('dialog', { name: 'Register Name' })
  const label = uniqueLabel('alice')
  await expect(dialog.getByTestId('register-name-suffix')).toHaveText('.latch.id')
  await dialog.getByLabel('Name', { exact: true }).fill(label)
  await expect(dialog.getByTestId('register-name-status')).toHaveText(
    `${label}.latch.id is available`,
  )
  expect(await axeViolations(page), 'RegisterAccountName').toEqual([])
  await dialog.getByRole('button', { name: 'Register' }).click()

  const success = page.getByRole('dialog', { name: 'Name Registered' })
  await expect(success.getByTestId('register-name-success')).toContainText(
    `${label}.latch.id is yours`,
  )
  expect(await axeViolations(page), 'RegisterAccountNameSuccess').toEqual([])
  // What the wallet signed: the JSON registration message.
  const signed = wallet.log.find((entry) => entry.method === 'personal_sign')
  const [raw] = (signed?.params ?? []) as string[]
  const text = Buffer.from(String(raw).slice(2), 'hex').toString()
  expect(JSON.parse(text)).toEqual({
    name: `${label}.latch.id`,
    attributes: {},
    timestamp: expect.any(Number),
  })

  await success.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByTestId('account-view').getByRole('heading', { level: 2 })).toHaveText(
    `${label}.latch.id`,
  )
  await expect(page.getByRole('button', { name: 'Register name' })).toHaveCount(0)

  // The API now resolves it both ways, and a reload shows it from the identity call.
  await page.reload()
  await expect(page.getByTestId('account-view').getByRole('heading', { level: 2 })).toHaveText(
    `${label}.latch.id`,
  )
})

test('a taken name says so and offers free ones', async ({ page, manifest }) => {
  const label = uniqueLabel('taken')
  await registerElsewhere(manifest, label)
  await openRegisterName(page, manifest)
  const dialog = page.getByRole('dialog', { name: 'Register Name' })
  await dialog.getByLabel('Name', { exact: true }).fill(label)
  await expect(dialog.getByTestId('register-name-status')).toHaveText(`${label}.latch.id is taken`)
  await expect(dialog.getByRole('button', { name: 'Register' })).toBeDisabled()
  const suggestions = dialog.getByTestId('register-name-suggestion')
  await expect(suggestions.first()).toHaveText(`${label}1.latch.id`)
  // A suggestion fills the input and is available.
  await suggestions.first().click()
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(`${label}1`)
  await expect(dialog.getByTestId('register-name-status')).toHaveText(
    `${label}1.latch.id is available`,
  )
})

test('an invalid name shows the rule and asks nothing of the API', async ({ page, manifest }) => {
  await openRegisterName(page, manifest)
  const dialog = page.getByRole('dialog', { name: 'Register Name' })
  const asked: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/v1/profile/')) asked.push(request.url())
  })
  const input = dialog.getByLabel('Name', { exact: true })
  const rule = dialog.getByTestId('register-name-rule')
  await expect(rule).toHaveText('Letters, digits and hyphens, at least 4 characters')
  await expect(rule).not.toHaveAttribute('data-invalid')
  for (const invalid of ['abc', 'ali_ce', '-alice', 'al ice']) {
    await input.fill(invalid)
    await expect(rule).toHaveAttribute('data-invalid', 'true')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(dialog.getByRole('button', { name: 'Register' })).toBeDisabled()
  }
  expect(asked).toEqual([])
})

test('a declined signature comes back to the form with "Signature declined"', async ({
  page,
  manifest,
}) => {
  const { wallet } = await openRegisterName(page, manifest)
  const dialog = page.getByRole('dialog', { name: 'Register Name' })
  const label = uniqueLabel('carol')
  await dialog.getByLabel('Name', { exact: true }).fill(label)
  await expect(dialog.getByTestId('register-name-status')).toContainText('is available')
  wallet.queue('personal_sign', 'reject')
  await dialog.getByRole('button', { name: 'Register' }).click()
  await expect(dialog.getByTestId('register-name-error')).toHaveText('Signature declined')
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(label)
  // Still connected: declining a signature is not a disconnect.
  await expect(page.getByTestId('account-address')).toContainText(wallet.address)
})
