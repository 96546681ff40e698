import { createNameMessage, type DevnetManifest, toNameCoinType } from '@latch/api-contract'
import type { Locator, Page } from '@playwright/test'
import { formatEther, formatUnits, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { connectWith, connectWithWalletConnect } from '../src/app.ts'
import { expect, test } from '../src/fixtures.ts'
import { chainBalance, fillSendForm, openWalletFeature, selectSendToken } from '../src/send.ts'

const minus = '\u2212'

/** A fresh receiver: its balances start at zero. */
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

function firstChain(manifest: DevnetManifest) {
  const chain = manifest.chains[0]
  if (!chain) throw new Error('No devnet chain.')
  return chain
}

const toast = (page: Page, text: string) =>
  page.getByTestId('latch-toast').filter({ hasText: text }).first()

/** Sends from the open Send form and waits for the success toast and the emptied form. */
async function sendAndExpectSuccess(page: Page, dialog: Locator, message: string) {
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(toast(page, message)).toBeVisible({ timeout: 30_000 })
  const form = page.getByRole('dialog', { name: 'Send' })
  await expect(form.getByLabel('Amount', { exact: true })).toHaveValue('')
  await expect(form.getByLabel('To', { exact: true })).toHaveValue('')
  await expect(form.getByLabel('Token', { exact: true })).toHaveValue('')
}

test('send ETH, then LUSD, with the injected wallet: approve view, receipt, balances and Activity', async ({
  page,
  injectedWallet,
  manifest,
}) => {
  test.setTimeout(120_000)
  const chain = firstChain(manifest)
  const receiver = freshAddress()
  await connectWith(page, /Test Wallet/, injectedWallet.address)

  const dialog = await openWalletFeature(page, 'Send')
  await fillSendForm(dialog, { symbol: 'ETH', amount: '0.25', receiver })
  await expect(dialog.getByTestId('send-balance')).toContainText(/^Balance: [\d,]+\.\d{3} ETH$/)
  // The fee, estimated on the chain's RPC, in the native coin.
  await expect(dialog.getByTestId('send-fee-amount')).toHaveText(/^0\.0\d* ETH$/)

  // The wallet is asked: "Approve in Test Wallet" until the person confirms.
  const release = injectedWallet.hold('eth_sendTransaction')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  const approve = page.getByRole('dialog', { name: 'Approve Transaction' })
  await expect(approve.getByTestId('approve-transaction-title')).toHaveText(
    'Approve in Test Wallet',
  )
  await expect(approve.getByTestId('approve-transaction-summary')).toContainText('0.25 ETH')
  await expect(approve.getByRole('button', { name: 'Back' })).toHaveCount(0)
  release()
  await expect(toast(page, 'Sent 0.25 ETH')).toBeVisible({ timeout: 30_000 })
  await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue('')
  await expect(dialog.getByLabel('To', { exact: true })).toHaveValue('')
  await expect(dialog.getByLabel('Token', { exact: true })).toHaveValue('')
  expect(await chainBalance(chain, receiver)).toBe(parseEther('0.25'))
  const sent = injectedWallet.log.find((entry) => entry.method === 'eth_sendTransaction')
  expect(sent?.params).toEqual([
    expect.objectContaining({
      from: injectedWallet.address,
      to: receiver,
      value: '0x3782dace9d90000',
    }),
  ])

  // A token: an ERC-20 transfer call; the balance in the panel follows at once.
  await fillSendForm(dialog, { symbol: 'LUSD', amount: '1.5', receiver })
  await sendAndExpectSuccess(page, dialog, 'Sent 1.5 LUSD')
  expect(await chainBalance(chain, receiver, 'LUSD')).toBe(parseUnits('1.5', 6))

  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const lusdLeft = await chainBalance(chain, injectedWallet.address, 'LUSD')
  const tokens = page.getByRole('tabpanel', { name: 'Tokens' })
  await expect(tokens.getByTestId('token-LUSD').getByTestId('token-amount')).toHaveText(
    Number(formatUnits(lusdLeft, 6)).toLocaleString('en-US', {
      minimumFractionDigits: 3,
      maximumFractionDigits: 3,
    }),
  )

  // Both transfers show in Activity (the indexer records them).
  await page.getByRole('tab', { name: 'Activity' }).click()
  const rows = page.getByRole('tabpanel', { name: 'Activity' }).getByTestId('activity-row')
  const sentEth = rows.filter({ hasText: `${minus}0.250 ETH` }).first()
  await expect(sentEth).toBeVisible({ timeout: 30_000 })
  await expect(sentEth).toContainText(`Sent`)
  await expect(sentEth).toContainText(`To ${receiver.slice(0, 6)}…${receiver.slice(-4)}`)
  const sentLusd = rows.filter({ hasText: `${minus}1.500 LUSD` }).first()
  await expect(sentLusd).toBeVisible({ timeout: 30_000 })
  await expect(sentLusd).toContainText('Sent')
})

test('send ETH and LUSD with the WalletConnect wallet', async ({
  page,
  walletConnectWallet,
  manifest,
}) => {
  test.setTimeout(120_000)
  const chain = firstChain(manifest)
  const receiver = freshAddress()
  await connectWithWalletConnect(page, walletConnectWallet)

  const dialog = await openWalletFeature(page, 'Send')
  await fillSendForm(dialog, { symbol: 'ETH', amount: '0.1', receiver })
  await sendAndExpectSuccess(page, dialog, 'Sent 0.1 ETH')
  expect(await chainBalance(chain, receiver)).toBe(parseEther('0.1'))

  await fillSendForm(dialog, { symbol: 'LUSD', amount: '2.75', receiver })
  await sendAndExpectSuccess(page, dialog, 'Sent 2.75 LUSD')
  expect(await chainBalance(chain, receiver, 'LUSD')).toBe(parseUnits('2.75', 6))
  expect(
    walletConnectWallet.backend.log.filter((entry) => entry.method === 'eth_sendTransaction'),
  ).toHaveLength(2)
})

test('declined or failed in the wallet: back to the form with its inputs, then sent on retry', async ({
  page,
  injectedWallet,
  manifest,
}) => {
  const chain = firstChain(manifest)
  const receiver = freshAddress()
  await connectWith(page, /Test Wallet/, injectedWallet.address)
  const dialog = await openWalletFeature(page, 'Send')
  await fillSendForm(dialog, { symbol: 'LUSD', amount: '3', receiver })

  injectedWallet.queue('eth_sendTransaction', 'reject')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  const form = page.getByRole('dialog', { name: 'Send' })
  await expect(form.getByTestId('send-failure')).toHaveText('Signature declined')
  await expect(form.getByLabel('Amount', { exact: true })).toHaveValue('3')
  await expect(form.getByLabel('To', { exact: true })).toHaveValue(receiver)
  await expect(form.getByLabel('Token', { exact: true }).locator('option:checked')).toHaveText(
    /^LUSD · /,
  )
  expect(await chainBalance(chain, receiver, 'LUSD')).toBe(0n)

  // A wallet that fails is an error: an error toast, and the form says why (the wallet's
  // -32603 is the spec's 'Internal error', section 8).
  injectedWallet.queue('eth_sendTransaction', 'fail')
  await form.getByRole('button', { name: 'Send', exact: true }).click()
  const failure = 'Internal error'
  await expect(form.getByTestId('send-failure')).toHaveText(failure)
  await expect(
    page.getByTestId('latch-toast').filter({ hasText: failure }).first(),
  ).toHaveAttribute('data-variant', 'error')
  await expect(form.getByLabel('Amount', { exact: true })).toHaveValue('3')

  await sendAndExpectSuccess(page, form, 'Sent 3 LUSD')
  await expect(form.getByTestId('send-failure')).toHaveCount(0)
  expect(await chainBalance(chain, receiver, 'LUSD')).toBe(parseUnits('3', 6))
})

test('validation: the spec messages for an empty form, then each field says what is wrong', async ({
  page,
  injectedWallet,
  manifest,
}) => {
  const chain = firstChain(manifest)
  await connectWith(page, /Test Wallet/, injectedWallet.address)
  const dialog = await openWalletFeature(page, 'Send')

  // Nothing sent: the spec's messages (section 5).
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog.getByTestId('send-error-token')).toHaveText('A token is required')
  await expect(dialog.getByTestId('send-error-form')).toHaveText(
    'An amount and receiver address are required',
  )
  await expect(dialog.getByLabel('Token', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  expect(injectedWallet.log.some((entry) => entry.method === 'eth_sendTransaction')).toBe(false)

  await selectSendToken(dialog, 'LUSD')
  await expect(dialog.getByTestId('send-error-token')).toHaveCount(0)
  const amount = dialog.getByLabel('Amount', { exact: true })
  const amountError = dialog.getByTestId('send-error-amount')
  for (const text of ['abc', '1,5', '0'])
    await amount
      .fill(text)
      .then(() => expect(amountError).toHaveText('Enter a number above 0, such as 1.5'))
  await amount.fill('1.1234567')
  await expect(amountError).toHaveText('LUSD has at most 6 decimals')
  await amount.fill('999999999999')
  await expect(amountError).toHaveText('The amount is more than your LUSD balance')
  await amount.fill('1.5')
  await expect(amountError).toHaveCount(0)

  const receiver = dialog.getByLabel('To', { exact: true })
  const receiverError = dialog.getByTestId('send-error-receiver')
  await receiver.fill('0x1234')
  await expect(receiverError).toHaveText('Enter a valid address or a name ending in .latch.id')
  await receiver.fill(`nobody-${Date.now().toString(36)}.latch.id`)
  await expect(receiverError).toHaveText('Error resolving name')
  await receiver.fill(freshAddress())
  await expect(receiverError).toHaveCount(0)
  await expect(dialog.getByTestId('send-error-form')).toHaveCount(0)

  // Max: a token's whole balance; the native coin's balance less the fee × 1.2.
  await dialog.getByRole('button', { name: 'Max' }).click()
  const lusd = await chainBalance(chain, injectedWallet.address, 'LUSD')
  await expect(amount).toHaveValue(formatUnits(lusd, 6))
  await selectSendToken(dialog, 'ETH')
  await dialog.getByRole('button', { name: 'Max' }).click()
  await expect(amount).not.toHaveValue(formatUnits(lusd, 6))
  const eth = await chainBalance(chain, injectedWallet.address)
  const max = parseEther(await amount.inputValue())
  expect(max).toBeLessThan(eth)
  // anvil's fee for a transfer is far below 0.001 ETH.
  expect(eth - max).toBeLessThan(parseEther('0.001'))
  expect(Number(formatEther(eth - max))).toBeGreaterThan(0)
  await expect(amountError).toHaveCount(0)
})

test('send to a registered name: the name resolves to its address, shown before sending', async ({
  page,
  injectedWallet,
  manifest,
}) => {
  const chain = firstChain(manifest)
  // The receiver registers a name through the API, as any app would.
  const owner = privateKeyToAccount(generatePrivateKey())
  const label = `pay-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const message = createNameMessage({ name: `${label}.latch.id` })
  const registered = await fetch(
    `${process.env.LATCH_E2E_API_URL}/v1/profile/account?projectId=${manifest.projectId}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        coin_type: toNameCoinType(chain.id),
        address: owner.address,
        message,
        signature: await owner.signMessage({ message }),
      }),
    },
  )
  expect(registered.status, await registered.clone().text()).toBe(201)

  await connectWith(page, /Test Wallet/, injectedWallet.address)
  const dialog = await openWalletFeature(page, 'Send')
  await fillSendForm(dialog, { symbol: 'LUSD', amount: '4.2', receiver: `${label}.latch.id` })
  await expect(dialog.getByTestId('send-resolved-name')).toHaveText(`${label}.latch.id`)
  await expect(dialog.getByTestId('send-resolved-address')).toHaveText(owner.address)

  const release = injectedWallet.hold('eth_sendTransaction')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByTestId('approve-transaction-summary')).toContainText(
    `To ${label}.latch.id`,
  )
  release()
  await expect(toast(page, 'Sent 4.2 LUSD')).toBeVisible({ timeout: 30_000 })
  expect(await chainBalance(chain, owner.address, 'LUSD')).toBe(parseUnits('4.2', 6))
})
