import type { DevnetSolana } from '@latch/api-contract'
import {
  createBitcoinTestWallet,
  createSolanaTestWallet,
  createWalletStandardTestPage,
  type StartTestSolanaReturnType,
  startTestSolana,
} from '@latch/test'
import {
  type Address,
  address,
  createSolanaRpc,
  generateKeyPairSigner,
  type Signature,
} from '@solana/kit'
import { findAssociatedTokenPda, getTokenSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { getWallets } from '@wallet-standard/app'
import { formatUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { connect } from '../actions/connect.ts'
import { watchWalletStandard } from '../actions/watchWalletStandard.ts'
import { createLatchConfig, type LatchConfig } from '../createLatchConfig.ts'
import { createTestStorage } from '../testing/createFakeConnector.ts'
import type { FetchLike } from '../types.ts'
import type { LatchSolanaNetwork } from '../webConfig/parseLatchWebConfig.ts'
import { createSendFlow, type SendFlow } from './createSendFlow.ts'
import { formatSendFormMessage } from './formatSendFormMessage.ts'

let solana: StartTestSolanaReturnType
let manifest: DevnetSolana
let rpc: ReturnType<typeof createSolanaRpc>
let network: LatchSolanaNetwork
let config: LatchConfig
let wallet: Awaited<ReturnType<typeof createSolanaTestWallet>>
let mint: Address

const page = createWalletStandardTestPage({ getWallets })
const { evm, regtest } = page.networks

async function tokenAmountOf(owner: Address): Promise<bigint | undefined> {
  const [ata] = await findAssociatedTokenPda({ mint, owner, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const { value } = await rpc.getAccountInfo(ata, { encoding: 'base64' }).send()
  if (!value) return undefined
  return BigInt((await rpc.getTokenAccountBalance(ata).send()).value.amount)
}

/**
 * The API's balance route as it answers for a Solana account (SOL without an address, SPL
 * tokens by CAIP-10 mint), read from the test chain itself so the form sees real balances.
 */
const chainBackedApi: FetchLike = async (url) => {
  const parsed = new URL(url)
  const owner = address(decodeURIComponent(parsed.pathname.split('/')[3] ?? ''))
  const lamports = (await rpc.getBalance(owner).send()).value
  const lusd = await tokenAmountOf(owner)
  const chainId = network.caipNetworkId
  const balances = [
    {
      name: 'Solana',
      symbol: 'SOL',
      chainId,
      price: 0,
      quantity: { decimals: '9', numeric: formatUnits(lamports, 9) },
      iconUrl: '',
    },
    ...(lusd === undefined
      ? []
      : [
          {
            name: 'Latch USD',
            symbol: 'LUSD',
            chainId,
            address: `${chainId}:${mint}`,
            price: 0,
            quantity: { decimals: '6', numeric: formatUnits(lusd, 6) },
            iconUrl: '',
          },
        ]),
  ]
  return { ok: true, status: 200, json: async () => ({ balances }) }
}

beforeAll(async () => {
  page.open()
  solana = await startTestSolana()
  manifest = solana.manifest
  rpc = createSolanaRpc(manifest.rpcUrl)
  mint = address((manifest.tokens[0] as { mint: string }).mint)
  network = {
    namespace: 'solana',
    reference: manifest.caipNetworkId.slice('solana:'.length),
    name: manifest.name,
    caipNetworkId: manifest.caipNetworkId as `solana:${string}`,
    rpcUrl: manifest.rpcUrl,
    nativeCurrency: manifest.nativeCurrency,
  }
  config = createLatchConfig({
    networks: [evm, network, regtest],
    apiUrl: 'http://api.test',
    projectId: 'p',
    storage: createTestStorage(),
    fetch: chainBackedApi,
  })
  wallet = await createSolanaTestWallet({
    name: 'Funded Solana',
    chains: [network.caipNetworkId],
    secretKey: (manifest.accounts[0] as { secretKey: string }).secretKey,
    rpcUrl: manifest.rpcUrl,
  })
  page.register(wallet.wallet)
  await watchWalletStandard(config)
  await connect(config, { connectorId: 'walletStandard.solana.Funded Solana' })
}, 60_000)

afterAll(async () => {
  page.unregisterAll()
  config?.destroy()
  await solana?.stop()
})

/** A flow on the connected account, watched, once its balances are in. */
async function openFlow(on: LatchConfig = config): Promise<{ flow: SendFlow; stop: () => void }> {
  const flow = createSendFlow(on, { debounceMs: 0, feeRefreshMs: 0 })
  const stop = flow.subscribe(() => {})
  await vi.waitFor(() => expect(flow.getState().tokensStatus).toBe('success'), {
    timeout: 10_000,
  })
  return { flow, stop }
}

const tokenId = (flow: SendFlow, symbol: string) =>
  flow.getState().tokens.find((token) => token.symbol === symbol)?.id as string

const feeSettled = (flow: SendFlow) =>
  vi.waitFor(() => expect(flow.getState().fee.status).toBe('success'), { timeout: 10_000 })

describe('the Send form on Solana', () => {
  it('reads the Solana account and its SOL and LUSD; a bad base58 receiver is named', async () => {
    const { flow, stop } = await openFlow()
    const state = flow.getState()
    expect(state).toMatchObject({
      namespace: 'solana',
      caipNetworkId: network.caipNetworkId,
      address: wallet.address,
      unsupportedChain: false,
    })
    expect(state.tokens.map((token) => token.symbol).sort()).toEqual(['LUSD', 'SOL'])
    flow.setToken(tokenId(flow, 'SOL'))
    flow.setAmount('0.5')
    for (const bad of [
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      'not-base58-0OIl',
      'alice.latch.id',
    ]) {
      flow.setReceiver(bad)
      const message = flow.getState().validation.receiver
      expect(message && formatSendFormMessage(message)).toBe(
        'Invalid Solana address (base58, 32 bytes).',
      )
    }
    // Base58, but 31 bytes.
    flow.setReceiver('1111111111111111111111111111111')
    expect(flow.getState().validation.receiver?.key).toBe('invalidSolanaAddress')
    stop()
  })

  it('sends 0.5 SOL to a new address, the fee shown first', async () => {
    const { flow, stop } = await openFlow()
    const receiver = (await generateKeyPairSigner()).address
    flow.setToken(tokenId(flow, 'SOL'))
    flow.setAmount('0.5')
    flow.setReceiver(receiver)
    await feeSettled(flow)
    const fee = flow.getState().fee.value as bigint
    expect(fee).toBeGreaterThan(0n)
    const result = await flow.submit()
    expect(result).toMatchObject({ status: 'sent', amountText: '0.5', to: receiver })
    if (result.status !== 'sent') throw new Error('not sent')
    const transaction = await rpc
      .getTransaction(result.hash as unknown as Signature, {
        maxSupportedTransactionVersion: 0,
        encoding: 'json',
        commitment: 'confirmed',
      })
      .send()
    expect(BigInt(transaction?.meta?.fee ?? -1)).toBe(fee)
    expect((await rpc.getBalance(receiver).send()).value).toBe(500_000_000n)
    await result.refreshed
    stop()
  }, 60_000)

  it("sends 5 LUSD to a new address: the fee includes its token account's rent", async () => {
    const { flow, stop } = await openFlow()
    const receiver = (await generateKeyPairSigner()).address
    const rent = await rpc.getMinimumBalanceForRentExemption(BigInt(getTokenSize())).send()
    flow.setToken(tokenId(flow, 'LUSD'))
    flow.setAmount('5')
    flow.setReceiver(receiver)
    await feeSettled(flow)
    expect(flow.getState().fee.value).toBeGreaterThan(rent)
    const result = await flow.submit()
    expect(result).toMatchObject({ status: 'sent', amountText: '5' })
    expect(await tokenAmountOf(receiver)).toBe(5_000_000n)
    stop()
  }, 60_000)
})

describe('the Send form on Bitcoin', () => {
  it("says 'Unsupported chain' and sends nothing", async () => {
    const fetch: FetchLike = async () => ({
      ok: true,
      status: 200,
      json: async () => ({
        balances: [
          {
            name: 'Bitcoin',
            symbol: 'BTC',
            chainId: regtest.caipNetworkId,
            price: 0,
            quantity: { decimals: '8', numeric: '1' },
            iconUrl: '',
          },
        ],
      }),
    })
    const bitcoinConfig = createLatchConfig({
      networks: [evm, regtest],
      apiUrl: 'http://api.test',
      projectId: 'p',
      storage: createTestStorage(),
      fetch,
    })
    const xverse = createBitcoinTestWallet({ name: 'Xverse', chains: ['bitcoin:regtest'] })
    const remove = page.register(xverse.wallet)
    try {
      await watchWalletStandard(bitcoinConfig)
      await connect(bitcoinConfig, {
        connectorId: 'walletStandard.bip122.Xverse',
        namespace: 'bip122',
      })
      const { flow, stop } = await openFlow(bitcoinConfig)
      expect(flow.getState()).toMatchObject({ namespace: 'bip122', unsupportedChain: true })
      expect(flow.getState().tokens.map((token) => token.symbol)).toEqual(['BTC'])
      flow.setToken(tokenId(flow, 'BTC'))
      flow.setAmount('0.1')
      flow.setReceiver(xverse.ordinals)
      const form = flow.getState().validation.form
      expect(form && formatSendFormMessage(form)).toBe('Unsupported chain')
      expect(await flow.submit()).toEqual({ status: 'invalid' })
      stop()
    } finally {
      remove()
      bitcoinConfig.destroy()
    }
  })
})
