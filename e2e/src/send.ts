import type { DevnetChain } from '@latch/api-contract'
import { expect, type Locator, type Page } from '@playwright/test'
import { type Address, createPublicClient, erc20Abi, http } from 'viem'

/** Opens a wallet feature (Send, Receive) from the account panel; returns the modal. */
export async function openWalletFeature(page: Page, feature: 'Send' | 'Receive'): Promise<Locator> {
  await page.getByTestId('account-view').getByRole('button', { name: feature, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: feature })
  await expect(dialog).toBeVisible()
  return dialog
}

/** Picks a token of the Send form by symbol (its option reads "LUSD · 1,000.000"). */
export async function selectSendToken(dialog: Locator, symbol: string): Promise<void> {
  const select = dialog.getByLabel('Token', { exact: true })
  const option = select.locator('option').filter({ hasText: new RegExp(`^${symbol} · `) })
  await expect(option).toHaveCount(1)
  await select.selectOption((await option.getAttribute('value')) ?? '')
}

/** Fills the Send form: token, amount and receiver (an address or a name). */
export async function fillSendForm(
  dialog: Locator,
  transfer: { symbol: string; amount: string; receiver: string },
): Promise<void> {
  await selectSendToken(dialog, transfer.symbol)
  await dialog.getByLabel('Amount', { exact: true }).fill(transfer.amount)
  await dialog.getByLabel('To', { exact: true }).fill(transfer.receiver)
}

/** An address's balance on a devnet chain: the native coin, or a token by symbol. */
export async function chainBalance(
  chain: DevnetChain,
  owner: string,
  symbol = chain.nativeCurrency.symbol,
): Promise<bigint> {
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  if (symbol === chain.nativeCurrency.symbol)
    return client.getBalance({ address: owner as Address })
  const token = chain.tokens.find((entry) => entry.symbol === symbol)
  if (!token) throw new Error(`No ${symbol} on ${chain.name}.`)
  return client.readContract({
    address: token.address as Address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner as Address],
  })
}
