import type { DevnetChain, DevnetManifest } from '@latch/api-contract'
import { expect, type Locator, type Page } from '@playwright/test'
import { type Address, createWalletClient, erc20Abi, http, parseAbi } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { fund } from './devnet.ts'

/** Opens Swap from the account panel; returns its dialog. */
export async function openSwap(page: Page): Promise<Locator> {
  await page.getByTestId('account-view').getByRole('button', { name: 'Swap', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Swap' })
  await expect(dialog.getByTestId('swap-view')).toBeVisible()
  return dialog
}

/** Picks the token of one side through the token picker (search, then the token). */
export async function pickSwapToken(
  page: Page,
  side: 'from' | 'to',
  symbol: string,
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Swap' })
  await dialog.getByTestId(side === 'from' ? 'swap-from-token' : 'swap-to-token').click()
  const picker = page
    .getByRole('dialog', { name: 'Select a token' })
    .getByTestId('swap-token-picker')
  await expect(picker).toBeVisible()
  await picker.getByLabel('Search token').fill(symbol)
  await picker.getByTestId(`swap-token-${symbol}`).click()
  await expect(
    dialog.getByTestId(side === 'from' ? 'swap-from-token' : 'swap-to-token'),
  ).toHaveAccessibleName(new RegExp(`: ${symbol}$`))
}

/** Fills a swap: the two tokens and the amount paid; waits for the quote. */
export async function fillSwap(
  page: Page,
  swap: { from: string; to: string; amount: string },
): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Swap' })
  await pickSwapToken(page, 'from', swap.from)
  await pickSwapToken(page, 'to', swap.to)
  await dialog.getByLabel('Amount to pay', { exact: true }).fill(swap.amount)
  await expect(dialog.getByTestId('swap-rate')).toContainText(`1 ${swap.from} = `, {
    timeout: 15_000,
  })
  return dialog
}

/** A fresh account funded by the devnet faucet (ETH and every token), so no test shares its balances or nonce. */
export async function fundedKey(manifest: DevnetManifest, privateKey: `0x${string}`) {
  const address = privateKeyToAccount(privateKey).address
  await fund(manifest, address)
  return address
}

/**
 * Moves a Uniswap V2 pool's price as another trader would between a quote and its swap: `amount`
 * of `symbol` (already held by `privateKey`'s account) sent into the pair, then `sync()`.
 */
export async function movePool(
  chain: DevnetChain,
  privateKey: `0x${string}`,
  pool: { symbol: string; other: string; amount: bigint },
): Promise<void> {
  const account = privateKeyToAccount(privateKey)
  const client = createWalletClient({ account, transport: http(chain.rpcUrl) })
  const token = chain.tokens.find((entry) => entry.symbol === pool.symbol)?.address as Address
  const other = chain.tokens.find((entry) => entry.symbol === pool.other)?.address as Address
  const { createPublicClient } = await import('viem')
  const reader = createPublicClient({ transport: http(chain.rpcUrl) })
  const pair = await reader.readContract({
    address: chain.contracts.uniswapV2Factory as Address,
    abi: parseAbi(['function getPair(address, address) view returns (address)']),
    functionName: 'getPair',
    args: [token, other],
  })
  const chainDef = {
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  }
  const sent = await client.writeContract({
    chain: chainDef,
    address: token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [pair, pool.amount],
  })
  await reader.waitForTransactionReceipt({ hash: sent })
  const synced = await client.writeContract({
    chain: chainDef,
    address: pair,
    abi: parseAbi(['function sync()']),
    functionName: 'sync',
  })
  await reader.waitForTransactionReceipt({ hash: synced })
}
