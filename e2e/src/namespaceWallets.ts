import type { DevnetManifest } from '@latch/api-contract'
import { createBitcoinTestWallet, createSolanaTestWallet } from '@latch/test'
import { expect, type Locator, type Page } from '@playwright/test'

/** The devnet's Solana chain and Bitcoin regtest chain, or the test fails saying so. */
export function namespaceDevnets(manifest: DevnetManifest) {
  const { solana, bitcoin } = manifest
  const solanaAccount = solana?.accounts[0]
  const bitcoinAccount = bitcoin?.accounts[0]
  if (!solana || !bitcoin || !solanaAccount || !bitcoinAccount)
    throw new Error('The devnet has no Solana or Bitcoin chain.')
  return { solana, bitcoin, solanaAccount, bitcoinAccount }
}

/** Confirms the Devnet Wallet's request (EVM, Solana and Bitcoin share its dialog). */
export async function confirmInDevnetWallet(page: Page): Promise<void> {
  const confirm = page.getByRole('alertdialog', { name: /Devnet Wallet/ })
  await expect(confirm).toBeVisible({ timeout: 20_000 })
  await confirm.getByRole('button', { name: 'Confirm' }).click()
  await expect(confirm).toBeHidden()
}

/** The account panel's network button, then a network of the Networks view (by CAIP-2 id or EVM chain id). */
export async function pickNetwork(page: Page, network: string | number): Promise<void> {
  await page.getByTestId('account-network').click()
  await page.getByTestId('networks-view').getByTestId(`network-${network}`).click()
}

/**
 * Connects the Solana and Bitcoin "Latch Devnet Wallet" from the open Connect view (it offers
 * the first namespace not yet connected) and confirms in its dialog; waits for `address`.
 */
export async function connectLatchDevnetWallet(page: Page, address: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByRole('button', { name: /^Latch Devnet Wallet/ }).click()
  await confirmInDevnetWallet(page)
  await expect(page.getByTestId('account-address')).toContainText(address)
}

/** A token row's amount in the account panel's Tokens tab ("1,000.000"). */
export function panelTokenAmount(page: Page, symbol: string): Locator {
  return page
    .getByRole('tabpanel', { name: 'Tokens' })
    .getByTestId(`token-${symbol}`)
    .getByTestId('token-amount')
}

/** An amount as the panel shows it: grouped, three decimals. */
export const panelAmount = (value: number): string =>
  value.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })

/**
 * Waits until the panel's `symbol` row shows what the chain holds (`read`, in whole units), read
 * again on each try: another test may move the same devnet key's balance meanwhile.
 */
export async function expectPanelBalance(
  page: Page,
  symbol: string,
  read: () => Promise<number>,
  timeout = 30_000,
): Promise<void> {
  const row = panelTokenAmount(page, symbol)
  await expect
    .poll(
      async () => {
        const [shown, held] = await Promise.all([row.textContent(), read()])
        return shown === panelAmount(held) ? 'same' : `${shown} shown, ${panelAmount(held)} held`
      },
      { timeout },
    )
    .toBe('same')
}

async function solanaRpc<T>(manifest: DevnetManifest, method: string, params: unknown[]) {
  const { solana } = namespaceDevnets(manifest)
  const response = await fetch(solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error || body.result === undefined)
    throw new Error(`Solana ${method}: ${body.error?.message ?? 'no result'}`)
  return body.result
}

/** Lamports of a Solana address on the devnet's chain. */
export async function solanaLamports(manifest: DevnetManifest, address: string): Promise<bigint> {
  const result = await solanaRpc<{ value: number }>(manifest, 'getBalance', [
    address,
    { commitment: 'confirmed' },
  ])
  return BigInt(result.value)
}

/** An SPL token's raw amount held by `owner` across its token accounts, and how many it has. */
export async function splBalance(
  manifest: DevnetManifest,
  owner: string,
  mint: string,
): Promise<{ amount: bigint; accounts: number }> {
  const result = await solanaRpc<{
    value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[]
  }>(manifest, 'getTokenAccountsByOwner', [
    owner,
    { mint },
    { encoding: 'jsonParsed', commitment: 'confirmed' },
  ])
  return {
    amount: result.value.reduce(
      (sum, entry) => sum + BigInt(entry.account.data.parsed.info.tokenAmount.amount),
      0n,
    ),
    accounts: result.value.length,
  }
}

/** Lamports an account of `bytes` needs to be rent exempt (a token account is 165 bytes). */
export async function solanaRentExemption(manifest: DevnetManifest, bytes: number) {
  return BigInt(await solanaRpc<number>(manifest, 'getMinimumBalanceForRentExemption', [bytes]))
}

/** A fresh Solana address (a generated key): no SOL, no token account. */
export async function freshSolanaAddress(): Promise<string> {
  return (await createSolanaTestWallet({ name: 'receiver', chains: [] })).address
}

/** Satoshis of a Bitcoin address on the devnet's regtest chain (confirmed and in the mempool). */
export async function bitcoinSats(manifest: DevnetManifest, address: string): Promise<bigint> {
  const { bitcoin } = namespaceDevnets(manifest)
  const response = await fetch(`${bitcoin.esploraUrl}/address/${address}`, {
    signal: AbortSignal.timeout(10_000),
  })
  if (!response.ok) throw new Error(`Esplora answered ${response.status} for ${address}.`)
  const stats = (await response.json()) as Record<
    'chain_stats' | 'mempool_stats',
    { funded_txo_sum: number; spent_txo_sum: number }
  >
  return [stats.chain_stats, stats.mempool_stats].reduce(
    (sum, entry) => sum + BigInt(entry.funded_txo_sum - entry.spent_txo_sum),
    0n,
  )
}

/**
 * Registers a Bitcoin wallet of the Wallet Standard in the page (before it loads) that lists
 * `chains` but answers the addresses of another network: a payment and an ordinals address
 * of a generated key on `addressNetwork`, as a wallet set to the wrong network would.
 */
export async function installWrongNetworkBitcoinWallet(
  page: Page,
  options: { name: string; chains: string[]; addressNetwork: 'mainnet' | 'testnet' },
): Promise<{ payment: string; ordinals: string }> {
  const { payment, ordinals } = createBitcoinTestWallet({
    name: options.name,
    chains: options.chains,
    addressNetwork: options.addressNetwork,
  })
  await page.addInitScript(
    ({ name, chains, payment, ordinals }) => {
      const addresses = [
        { address: payment, publicKey: '02'.padEnd(66, '1'), purpose: 'payment' },
        { address: ordinals, publicKey: '1'.repeat(64), purpose: 'ordinals' },
      ]
      const refuse = async () => {
        throw Object.assign(new Error('This test wallet does not sign.'), { code: 4100 })
      }
      const wallet = {
        version: '1.0.0',
        name,
        icon: 'data:image/svg+xml;base64,PHN2Zy8+',
        chains,
        accounts: [],
        features: {
          'bitcoin:connect': { version: '1.0.0', connect: async () => ({ addresses }) },
          'bitcoin:getAccountAddresses': {
            version: '1.0.0',
            getAccountAddresses: async () => ({ addresses }),
          },
          'bitcoin:signMessage': { version: '1.0.0', signMessage: refuse },
          'standard:disconnect': { version: '1.0.0', disconnect: async () => {} },
          'standard:events': { version: '1.0.0', on: () => () => {} },
        },
      }
      // The Wallet Standard's registration, as @wallet-standard/wallet's registerWallet does it.
      const callback = (api: { register(wallet: unknown): unknown }) => api.register(wallet)
      window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
      window.addEventListener('wallet-standard:app-ready', (event) =>
        callback((event as CustomEvent).detail),
      )
    },
    { name: options.name, chains: options.chains, payment, ordinals },
  )
  return { payment, ordinals }
}
