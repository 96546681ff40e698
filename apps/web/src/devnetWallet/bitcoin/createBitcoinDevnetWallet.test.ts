import { type StartTestBitcoinReturnType, startTestBitcoin } from '@latch/test'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { registerWallet } from '@wallet-standard/wallet'
import { Verifier } from 'bip322-js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Described } from '../createConfirmDialog.ts'
import {
  type BitcoinDevnetWalletFeatures,
  createBitcoinDevnetWallet,
} from './createBitcoinDevnetWallet.ts'

let bitcoin: StartTestBitcoinReturnType
const asked: Described[] = []
let answer = true
let wallet: Wallet & { features: BitcoinDevnetWalletFeatures }
let key: StartTestBitcoinReturnType['manifest']['accounts'][number]

beforeAll(async () => {
  // The Wallet Standard talks over window events: a bare EventTarget stands in for the page.
  vi.stubGlobal('window', Object.assign(new EventTarget(), { navigator: {} }))
  bitcoin = await startTestBitcoin()
  const [first] = bitcoin.manifest.accounts
  if (!first) throw new Error('The devnet has no Bitcoin test key.')
  key = first
  registerWallet(
    createBitcoinDevnetWallet({
      config: {
        caipNetworkId: bitcoin.manifest.caipNetworkId as `bip122:${string}`,
        network: 'regtest',
        esploraUrl: bitcoin.manifest.esploraUrl,
        ...key,
      },
      confirm: async (described) => {
        asked.push(described)
        return answer
      },
      origin: 'app.test',
    }) as Wallet,
  )
  const found = getWallets()
    .get()
    .find((entry) => 'bitcoin:connect' in entry.features)
  if (!found) throw new Error('The Bitcoin devnet wallet was not discovered.')
  wallet = found as typeof wallet
}, 60_000)

afterAll(async () => {
  await bitcoin?.stop()
  vi.unstubAllGlobals()
})

const esplora = async (path: string) => {
  const response = await fetch(`${bitcoin.manifest.esploraUrl}${path}`)
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return response.json()
}

describe('the Bitcoin devnet wallet (Wallet Standard)', () => {
  it('is discovered on regtest by its CAIP-2 id and bitcoin:regtest', () => {
    expect(wallet.name).toBe('Latch Devnet Wallet')
    expect(wallet.chains).toEqual([bitcoin.manifest.caipNetworkId, 'bitcoin:regtest'])
    expect(wallet.accounts).toEqual([])
  })

  it('shares nothing before a connect; a declined connect shares nothing', async () => {
    const input = { purposes: ['payment', 'ordinals'] as const }
    await expect(
      wallet.features['bitcoin:getAccountAddresses'].getAccountAddresses(input),
    ).rejects.toMatchObject({ code: 4100 })
    answer = false
    await expect(wallet.features['bitcoin:connect'].connect(input)).rejects.toMatchObject({
      code: 4001,
    })
    answer = true
  })

  it('connects with the payment and ordinals addresses, purposes and public keys', async () => {
    const { addresses } = await wallet.features['bitcoin:connect'].connect({
      purposes: ['payment', 'ordinals'],
    })
    expect(addresses).toMatchObject([
      { address: key.paymentAddress, purpose: 'payment', addressType: 'p2wpkh' },
      { address: key.ordinalsAddress, purpose: 'ordinals', addressType: 'p2tr' },
    ])
    expect(addresses[0]?.publicKey).toMatch(/^0[23][0-9a-f]{64}$/)
    expect(addresses[1]?.publicKey).toMatch(/^[0-9a-f]{64}$/)
    expect(wallet.accounts.map((account) => account.address)).toEqual([
      key.paymentAddress,
      key.ordinalsAddress,
    ])
  })

  it('after a reload, the allowed site gets its addresses without a prompt; a disconnect forgets it', async () => {
    // The page's localStorage, shared by the wallet of each load.
    const storage = new Map<string, string>()
    const load = () =>
      createBitcoinDevnetWallet({
        config: {
          caipNetworkId: bitcoin.manifest.caipNetworkId as `bip122:${string}`,
          network: 'regtest',
          esploraUrl: bitcoin.manifest.esploraUrl,
          ...key,
        },
        confirm: async (described) => {
          asked.push(described)
          return answer
        },
        origin: 'app.test',
        storage: {
          getItem: (k) => storage.get(k) ?? null,
          setItem: (k, v) => void storage.set(k, v),
          removeItem: (k) => void storage.delete(k),
        },
      })
    const input = { purposes: ['payment', 'ordinals'] as const }
    await load().features['bitcoin:connect'].connect(input)
    const prompts = asked.length
    const reloaded = load()
    expect(reloaded.accounts).toEqual([])
    const { addresses } =
      await reloaded.features['bitcoin:getAccountAddresses'].getAccountAddresses(input)
    expect(addresses.map((entry) => entry.address)).toEqual([
      key.paymentAddress,
      key.ordinalsAddress,
    ])
    expect(reloaded.accounts.map((account) => account.address)).toEqual([
      key.paymentAddress,
      key.ordinalsAddress,
    ])
    expect(asked).toHaveLength(prompts)
    await reloaded.features['standard:disconnect'].disconnect()
    await expect(
      load().features['bitcoin:getAccountAddresses'].getAccountAddresses(input),
    ).rejects.toMatchObject({ code: 4100 })
    expect(asked).toHaveLength(prompts)
  })

  it('signs BIP-322 (payment and ordinals) and legacy messages that bip322-js verifies', async () => {
    const message = 'Sign in to Latch\nNonce: 41c0'
    for (const address of [key.paymentAddress, key.ordinalsAddress]) {
      const output = await wallet.features['bitcoin:signMessage'].signMessage({ address, message })
      expect(output).toMatchObject({ address, protocol: 'BIP322' })
      expect(Verifier.verifySignature(address, message, output.signature)).toBe(true)
      expect(Verifier.verifySignature(address, 'another message', output.signature)).toBe(false)
    }
    const legacy = await wallet.features['bitcoin:signMessage'].signMessage({
      address: key.paymentAddress,
      message,
      protocol: 'ECDSA',
    })
    expect(Buffer.from(legacy.signature, 'base64')).toHaveLength(65)
    expect(Verifier.verifySignature(key.paymentAddress, message, legacy.signature)).toBe(true)
    expect(asked.at(-1)?.body).toBe(message)
  })

  it('sends a transfer that the devnet accepts and mines', async () => {
    const [, other] = bitcoin.manifest.accounts
    const to = other?.paymentAddress as string
    const before = (await esplora(`/address/${to}`)) as { chain_stats: { funded_txo_sum: number } }
    const { txid } = await wallet.features['bitcoin:sendTransfer'].sendTransfer({
      recipients: [{ address: to, amount: 125_000 }],
    })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(asked.at(-1)?.lines.map((line) => line.value)).toContain(`${to} · 0.00125 BTC`)
    expect(((await esplora(`/tx/${txid}/status`)) as { confirmed: boolean }).confirmed).toBe(false)
    await bitcoin.mine()
    expect(((await esplora(`/tx/${txid}/status`)) as { confirmed: boolean }).confirmed).toBe(true)
    const after = (await esplora(`/address/${to}`)) as { chain_stats: { funded_txo_sum: number } }
    expect(after.chain_stats.funded_txo_sum - before.chain_stats.funded_txo_sum).toBe(125_000)
  })

  it('refuses a mainnet address, dust and too much, naming why', async () => {
    const send = (address: string, amount: number) =>
      wallet.features['bitcoin:sendTransfer'].sendTransfer({ recipients: [{ address, amount }] })
    await expect(send('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 10_000)).rejects.toThrow(
      'This is a Bitcoin mainnet address; this network is regtest.',
    )
    await expect(send(key.ordinalsAddress, 100)).rejects.toThrow('dust limit')
    await expect(send(key.ordinalsAddress, 2_000_000_000_000)).rejects.toThrow('Not enough BTC')
  })
})
