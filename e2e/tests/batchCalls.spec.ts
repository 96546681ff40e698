import type { DevnetManifest } from '@latch/api-contract'
import { deploySimple7702Account } from '@latch/test'
import type { Page } from '@playwright/test'
import { createWalletClient, formatUnits, type Hex, http, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { connectWith, connectWithWalletConnect } from '../src/app.ts'
import { expect, test } from '../src/fixtures.ts'
import { installInjectedWallet } from '../src/injectedWallet.ts'
import { chainBalance } from '../src/send.ts'
import { fillSwap, fundedKey, openSwap } from '../src/swap.ts'
import { createWalletConnectWallet } from '../src/walletConnectWallet.ts'

const toast = (page: Page, text: string | RegExp) =>
  page.getByTestId('latch-toast').filter({ hasText: text }).first()

/**
 * The manifest with each chain's Simple7702Account: the devnet's own when it deploys one, else
 * deployed here (deterministically, so every run agrees) from a fresh funded key.
 */
async function withDelegate(manifest: DevnetManifest): Promise<DevnetManifest> {
  const chain = manifest.chains[0]
  if (!chain) throw new Error('No devnet chain.')
  if (chain.accountAbstraction?.simple7702Account) return manifest
  const key = generatePrivateKey()
  await fundedKey(manifest, key)
  const account = privateKeyToAccount(key)
  const client = createWalletClient({ account, transport: http(chain.rpcUrl) })
  const rpc = async (method: string, params: unknown[] = []) => {
    if (method !== 'eth_sendTransaction') return client.request({ method, params } as never)
    const [tx] = params as [{ to: Hex; data: Hex }]
    return client.sendTransaction({
      account,
      chain: {
        id: chain.id,
        name: chain.name,
        nativeCurrency: chain.nativeCurrency,
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      },
      to: tx.to,
      data: tx.data,
    })
  }
  const simple7702Account = await deploySimple7702Account({ rpc, from: account.address })
  return {
    ...manifest,
    chains: manifest.chains.map((entry, index) =>
      index === 0
        ? ({ ...entry, accountAbstraction: { simple7702Account } } as typeof entry)
        : entry,
    ),
  }
}

test('a wallet with batches swaps LUSD for ALPHA in ONE confirmation: approve and swap in one wallet_sendCalls, status 200', async ({
  page,
  manifest: devnet,
}) => {
  test.setTimeout(120_000)
  const manifest = await withDelegate(devnet)
  const chain = manifest.chains[0] as DevnetManifest['chains'][number]
  const privateKey = generatePrivateKey()
  const address = await fundedKey(manifest, privateKey)
  const wallet = await installInjectedWallet(page, { manifest, privateKey, eip5792: true })
  await connectWith(page, /Test Wallet/, address)
  const lusdBefore = await chainBalance(chain, address, 'LUSD')
  const alphaBefore = await chainBalance(chain, address, 'ALPHA')

  const dialog = await openSwap(page)
  await fillSwap(page, { from: 'LUSD', to: 'ALPHA', amount: '10' })
  // No allowance yet, but no separate approval either: Swap sends both.
  const submit = dialog.getByTestId('swap-submit')
  await expect(submit).toHaveText('Swap')
  await submit.click()
  await expect(toast(page, /^Swapped 10 LUSD for 4\.9\d* ALPHA$/)).toBeVisible({ timeout: 30_000 })

  // One confirmation: one wallet_sendCalls (approve, then swap), no plain transaction.
  const confirmed = wallet.log.filter((entry) =>
    ['wallet_sendCalls', 'eth_sendTransaction'].includes(entry.method),
  )
  expect(confirmed.map((entry) => entry.method)).toEqual(['wallet_sendCalls'])
  const lusd = chain.tokens.find((token) => token.symbol === 'LUSD')?.address
  expect(confirmed[0]?.params).toEqual([
    expect.objectContaining({
      atomicRequired: true,
      calls: [
        expect.objectContaining({ to: lusd, data: expect.stringMatching(/^0x095ea7b3/) }),
        expect.objectContaining({ to: chain.contracts.uniswapV2Router }),
      ],
    }),
  ])
  // The page followed the batch through wallet_getCallsStatus; the wallet reports it confirmed.
  expect(wallet.log.some((entry) => entry.method === 'wallet_getCallsStatus')).toBe(true)
  const id = wallet.log.find((entry) => entry.method === 'wallet_getCallsStatus')?.params as [
    string,
  ]
  const status = (await wallet.request({ method: 'wallet_getCallsStatus', params: id })) as {
    status: number
    atomic: boolean
    receipts: unknown[]
  }
  expect(status).toMatchObject({ status: 200, atomic: true })
  expect(status.receipts).toHaveLength(1)

  expect(await chainBalance(chain, address, 'LUSD')).toBe(lusdBefore - parseUnits('10', 6))
  const gained = (await chainBalance(chain, address, 'ALPHA')) - alphaBefore
  expect(Number(formatUnits(gained, 18))).toBeGreaterThan(4.9)
})

test('capabilities over WalletConnect: the WalletKit wallet gives them in its session, and the swap is one batch', async ({
  page,
  manifest: devnet,
}) => {
  test.setTimeout(120_000)
  const manifest = await withDelegate(devnet)
  const chain = manifest.chains[0] as DevnetManifest['chains'][number]
  const privateKey = generatePrivateKey()
  await fundedKey(manifest, privateKey)
  const wallet = await createWalletConnectWallet({
    manifest,
    privateKey,
    eip5792: true,
    oneClickAuth: false,
  })
  try {
    await connectWithWalletConnect(page, wallet)
    const [session] = wallet.sessions()
    const capabilities = JSON.parse(session?.sessionProperties?.capabilities ?? '{}')
    expect(capabilities[wallet.address][`0x${chain.id.toString(16)}`]).toEqual({
      atomic: { status: 'supported' },
      assetDiscovery: { supported: true },
    })

    const dialog = await openSwap(page)
    await fillSwap(page, { from: 'LUSD', to: 'ALPHA', amount: '5' })
    const submit = dialog.getByTestId('swap-submit')
    // Read from the session: the page never had to ask the phone.
    await expect(submit).toHaveText('Swap')
    expect(wallet.requests).not.toContain('wallet_getCapabilities')
    await submit.click()
    await expect(toast(page, /^Swapped 5 LUSD for /)).toBeVisible({ timeout: 45_000 })
    expect(wallet.requests.filter((method) => method === 'wallet_sendCalls')).toHaveLength(1)
    expect(wallet.requests).not.toContain('eth_sendTransaction')
    expect(wallet.requests).toContain('wallet_getCallsStatus')
  } finally {
    await wallet.close()
  }
})
