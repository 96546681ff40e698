import type { DevnetChain, DevnetManifest } from '@latch/api-contract'
import type { Locator, Page, Route } from '@playwright/test'
import {
  type Address,
  createPublicClient,
  http,
  parseAbi,
  parseAbiItem,
  parseUnits,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { fund } from '../src/devnet.ts'
import {
  accountAddress,
  approveInFrame,
  authFrame,
  frameConfirmation,
  signUpByEmail,
} from '../src/emailWallet.ts'
import { expect, test } from '../src/fixtures.ts'
import { uniqueEmail } from '../src/readMailbox.ts'
import { refreshApiBalances } from '../src/refreshApiBalances.ts'
import { chainBalance, fillSendForm, openWalletFeature } from '../src/send.ts'
import { type FaultyRpc, startFaultyRpc } from '../src/startFaultyRpc.ts'
import { type IsolatedApi, startIsolatedApi } from '../src/startIsolatedApi.ts'
import { fillSwap, openSwap } from '../src/swap.ts'

/** The devnet chain the app starts on, with its ERC-4337 contracts and bundler. */
function smartAccountChain(manifest: DevnetManifest) {
  const chain = manifest.chains[0]
  if (!chain?.accountAbstraction)
    throw new Error('The devnet has no ERC-4337 contracts on its first chain (issue 15).')
  return { chain, aa: chain.accountAbstraction }
}

const toast = (page: Page, text: string | RegExp) =>
  page.getByTestId('latch-toast').filter({ hasText: text }).first()

/** The account panel's account-type section (smart account and EOA). */
const accountType = (page: Page) => page.getByTestId('account-smart-account')

/** A full address of the account-type section, from the shortened one's title. */
async function typeAddress(page: Page, type: 'eoa' | 'smartAccount'): Promise<string> {
  const element = accountType(page).getByTestId(`account-type-${type}-address`)
  await expect(element).toHaveAttribute('title', /^0x[0-9a-fA-F]{40}$/)
  return (await element.getAttribute('title')) as string
}

/**
 * Funds the smart account with LUSD and waits until the panel's Tokens tab shows it. The panel
 * read the empty account at sign-up and the API caches balances 30 s: the funding is followed by
 * a `forceUpdate` read, as the app makes after a send, so the panel's next refetch (8 s) shows it.
 */
async function fundLusd(
  page: Page,
  manifest: DevnetManifest,
  { address, chainId }: { address: string; chainId: number },
): Promise<void> {
  await fund(manifest, address, { chainId, token: 'LUSD' })
  await refreshApiBalances(manifest, { address, chainId })
  await expect(page.getByTestId('token-LUSD').getByTestId('token-amount')).toHaveText(/[1-9]/, {
    timeout: 30_000,
  })
}

const entryPointAbi = parseAbi(['function balanceOf(address account) view returns (uint256)'])
const userOperationEvent = parseAbiItem(
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
)

/** The JSON-RPC methods the page (or its frame) sent to the API's bundler endpoint, and the answers' statuses. */
function watchBundler(page: Page) {
  const calls: { method: string; status: number; url: string }[] = []
  page.on('response', async (response) => {
    const request = response.request()
    if (!/\/v1\/bundler\?/.test(request.url()) || request.method() !== 'POST') return
    const body = (() => {
      try {
        return JSON.parse(request.postData() ?? 'null') as { method?: string } | null
      } catch {
        return null
      }
    })()
    calls.push({ method: body?.method ?? '?', status: response.status(), url: request.url() })
  })
  return calls
}

/** Fills the Send view with `amount` LUSD to `receiver` and presses Send. */
async function sendLusd(send: Locator, amount: string, receiver: string) {
  await fillSendForm(send, { symbol: 'LUSD', amount, receiver })
  await send.getByRole('button', { name: 'Send', exact: true }).click()
}

test('the embedded wallet: switch to the smart account, send LUSD sponsored by the paymaster, and the receipt comes through the API bundler endpoint', async ({
  page,
  manifest,
}) => {
  test.setTimeout(180_000)
  const { chain, aa } = smartAccountChain(manifest)
  const bundler = watchBundler(page)
  await signUpByEmail(page, uniqueEmail('smart'))

  // On a network with smart accounts the smart account is the default; both addresses show.
  const section = accountType(page)
  await expect(section).toBeVisible({ timeout: 20_000 })
  await expect(section.getByRole('heading', { name: 'Account type' })).toBeVisible()
  const smart = await typeAddress(page, 'smartAccount')
  const eoa = await typeAddress(page, 'eoa')
  expect(smart).not.toBe(eoa)
  await expect(section.getByTestId('account-type-smartAccount')).toHaveAttribute(
    'aria-current',
    'true',
  )
  expect(await accountAddress(page)).toBe(smart)

  // A 390 px phone: the section fits, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  const switchButton = section.getByTestId('account-switch-account-type')
  await expect(switchButton).toHaveText('Switch to your EOA')
  for (const part of [switchButton, section.getByTestId('account-type-eoa-copy')]) {
    const box = await part.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  // Switch to the EOA with the mouse, back to the smart account with the keyboard.
  await switchButton.click()
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', eoa)
  await expect(section.getByTestId('account-type-eoa')).toHaveAttribute('aria-current', 'true')
  await expect(switchButton).toHaveText('Switch to your smart account')
  await expect(section.getByRole('status')).toHaveText('Now using your EOA.')
  await switchButton.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', smart)
  await expect(switchButton).toHaveText('Switch to your EOA')
  await page.setViewportSize({ width: 1280, height: 800 })

  // The smart account holds LUSD and no ETH at all: only the paymaster can pay its gas.
  const publicClient = createPublicClient({ transport: http(chain.rpcUrl) })
  const lusd = chain.tokens.find((token) => token.symbol === 'LUSD')
  if (!lusd) throw new Error('No LUSD on the devnet chain.')
  await fundLusd(page, manifest, { address: smart, chainId: chain.id })
  expect(await chainBalance(chain, smart)).toBe(0n)
  expect(await publicClient.getCode({ address: smart as Address })).toBeUndefined()
  const depositBefore = await publicClient.readContract({
    address: aa.entryPoint as Address,
    abi: entryPointAbi,
    functionName: 'balanceOf',
    args: [aa.paymaster as Address],
  })
  const fromBlock = await publicClient.getBlockNumber()

  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const send = await openWalletFeature(page, 'Send')
  await sendLusd(send, '1.5', receiver)
  await approveInFrame(page, await frameConfirmation(page))
  await expect(toast(page, 'Sent 1.5 LUSD')).toBeVisible({ timeout: 60_000 })

  // The LUSD moved, the smart account (now deployed) still has no ETH, the paymaster paid.
  expect(await chainBalance(chain, receiver, 'LUSD')).toBe(parseUnits('1.5', lusd.decimals))
  expect(await chainBalance(chain, smart)).toBe(0n)
  expect(await publicClient.getCode({ address: smart as Address })).toMatch(/^0x[0-9a-f]{2,}/i)
  const events = await publicClient.getLogs({
    address: aa.entryPoint as Address,
    event: userOperationEvent,
    args: { sender: smart as Address },
    fromBlock,
  })
  expect(events).toHaveLength(1)
  expect(events[0]?.args.paymaster?.toLowerCase()).toBe(aa.paymaster.toLowerCase())
  expect(events[0]?.args.success).toBe(true)
  const depositAfter = await publicClient.readContract({
    address: aa.entryPoint as Address,
    abi: entryPointAbi,
    functionName: 'balanceOf',
    args: [aa.paymaster as Address],
  })
  expect(depositBefore - depositAfter).toBe(events[0]?.args.actualGasCost)

  // The user operation went out, and its receipt came back, through the API's /v1/bundler.
  const methods = bundler.filter((call) => call.status === 200).map((call) => call.method)
  expect(methods).toContain('eth_sendUserOperation')
  expect(methods).toContain('eth_getUserOperationReceipt')
  for (const call of bundler) {
    expect(call.url.startsWith(`${process.env.LATCH_E2E_API_URL}/v1/bundler?`)).toBe(true)
    expect(new URL(call.url).searchParams.get('chainId')).toMatch(new RegExp(`${chain.id}$`))
  }

  // Back to the EOA: the panel follows.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await switchButton.click()
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', eoa)
})

test('a user operation that reverts: the reason shown, nothing sent', async ({
  page,
  manifest,
}) => {
  test.setTimeout(150_000)
  const { chain } = smartAccountChain(manifest)
  await signUpByEmail(page, uniqueEmail('revert'))
  const smart = await typeAddress(page, 'smartAccount')
  expect(await accountAddress(page)).toBe(smart)
  await fundLusd(page, manifest, { address: smart, chainId: chain.id })
  const before = await chainBalance(chain, smart, 'LUSD')

  // LUSD refuses a transfer to the zero address (ERC20InvalidReceiver): the bundler's
  // simulation reverts, and the person reads why.
  const send = await openWalletFeature(page, 'Send')
  await sendLusd(send, '1', zeroAddress)
  // The frame asks the bundler before it shows anything: no confirmation, nothing to sign.
  const failure = send.getByTestId('send-failure')
  await expect(failure).toBeVisible({ timeout: 45_000 })
  await expect(authFrame(page).getByRole('dialog')).toHaveCount(0)
  await expect(failure).toContainText('The smart account cannot send this:')
  await expect(failure).toContainText(/revert/i)
  // The form keeps what was typed, and nothing left the account.
  await expect(send.getByLabel('Amount', { exact: true })).toHaveValue('1')
  await expect(send.getByLabel('To', { exact: true })).toHaveValue(zeroAddress)
  expect(await chainBalance(chain, smart, 'LUSD')).toBe(before)
})

test('the smart account swaps LUSD for ALPHA in one confirmation: approve and swap in one sponsored user operation', async ({
  page,
  manifest,
}) => {
  test.setTimeout(150_000)
  const { chain } = smartAccountChain(manifest)
  await signUpByEmail(page, uniqueEmail('smartswap'))
  const smart = await typeAddress(page, 'smartAccount')
  expect(await accountAddress(page)).toBe(smart)
  await fundLusd(page, manifest, { address: smart, chainId: chain.id })
  const lusdBefore = await chainBalance(chain, smart, 'LUSD')

  const dialog = await openSwap(page)
  await fillSwap(page, { from: 'LUSD', to: 'ALPHA', amount: '10' })
  // The smart account batches (EIP-5792 atomic): no separate approval.
  const submit = dialog.getByTestId('swap-submit')
  await expect(submit).toHaveText('Swap')
  await submit.click()
  await approveInFrame(page, await frameConfirmation(page))
  await expect(toast(page, /^Swapped 10 LUSD for \d+(\.\d+)? ALPHA$/)).toBeVisible({
    timeout: 60_000,
  })
  const lusd = chain.tokens.find((token) => token.symbol === 'LUSD')
  expect(lusdBefore - (await chainBalance(chain, smart, 'LUSD'))).toBe(
    parseUnits('10', lusd?.decimals ?? 6),
  )
  expect(await chainBalance(chain, smart, 'ALPHA')).toBeGreaterThan(0n)
  // Still no ETH: the paymaster paid for both calls.
  expect(await chainBalance(chain, smart)).toBe(0n)
})

let api: IsolatedApi | undefined
let bundlerProxy: FaultyRpc | undefined

test.afterEach(async () => {
  await api?.stop()
  await bundlerProxy?.stop()
  api = undefined
  bundlerProxy = undefined
})

test('bundler down: a clear error, the form keeps its input, and nothing is lost', async ({
  page,
  manifest,
}) => {
  test.setTimeout(180_000)
  const sharedApiUrl = process.env.LATCH_E2E_API_URL
  if (!sharedApiUrl) throw new Error('LATCH_E2E_API_URL is not set: run with the e2e config.')
  const { chain, aa } = smartAccountChain(manifest)
  // The test's own API reaches the bundler through a proxy it can kill; the shared alto stays up
  // for every other test. Only the page's bundler calls go to that API.
  bundlerProxy = await startFaultyRpc(aa.bundlerUrl)
  const proxyUrl = bundlerProxy.url
  const chains: DevnetChain[] = manifest.chains.map((entry) =>
    entry.id === chain.id && entry.accountAbstraction
      ? { ...entry, accountAbstraction: { ...entry.accountAbstraction, bundlerUrl: proxyUrl } }
      : entry,
  )
  api = await startIsolatedApi({ ...manifest, chains }, new Map())
  const isolatedUrl = api.url
  await page.route(`${sharedApiUrl}/v1/bundler?**`, async (route: Route) => {
    const target = route.request().url().replace(sharedApiUrl, isolatedUrl)
    const response = await route.fetch({ url: target }).catch(() => undefined)
    if (response) await route.fulfill({ response })
    else await route.abort('connectionrefused')
  })
  const bundler = watchBundler(page)

  await signUpByEmail(page, uniqueEmail('bundlerdown'))
  const smart = await typeAddress(page, 'smartAccount')
  expect(await accountAddress(page)).toBe(smart)
  await fundLusd(page, manifest, { address: smart, chainId: chain.id })
  const before = await chainBalance(chain, smart, 'LUSD')

  await bundlerProxy.kill()
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const send = await openWalletFeature(page, 'Send')
  await sendLusd(send, '2', receiver)
  // The frame asks the bundler before it shows anything: no confirmation, nothing to sign.
  const failure = send.getByTestId('send-failure')
  await expect(failure).toBeVisible({ timeout: 45_000 })
  await expect(authFrame(page).getByRole('dialog')).toHaveCount(0)
  await expect(failure).toHaveText(
    'The bundler is not available right now: nothing was sent. Try again in a moment.',
  )
  // The bundler endpoint answered, with a JSON-RPC error, rather than hanging.
  expect(bundler.length).toBeGreaterThan(0)
  // Nothing lost: the form keeps its input, the LUSD stays, nothing reached the chain.
  await expect(send.getByLabel('Amount', { exact: true })).toHaveValue('2')
  await expect(send.getByLabel('To', { exact: true })).toHaveValue(receiver)
  expect(await chainBalance(chain, smart, 'LUSD')).toBe(before)
  expect(await chainBalance(chain, receiver, 'LUSD')).toBe(0n)

  // The bundler is back: the same form sends.
  await bundlerProxy.revive()
  await send.getByRole('button', { name: 'Send', exact: true }).click()
  await approveInFrame(page, await frameConfirmation(page))
  await expect(toast(page, 'Sent 2 LUSD')).toBeVisible({ timeout: 60_000 })
  const lusd = chain.tokens.find((token) => token.symbol === 'LUSD')
  expect(await chainBalance(chain, receiver, 'LUSD')).toBe(parseUnits('2', lusd?.decimals ?? 6))
})
