import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { devnetBitcoinSchema } from '@latch/api-contract'
import { Block, crypto, Psbt, payments, script, Transaction, toXOnly } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { findFreePort } from '../findFreePort.ts'
import { ECPair, regtest, regtestCaipNetworkId } from './regtest.ts'
import { type StartBitcoinReturnType, startBitcoin } from './startBitcoin.ts'

let stateDir: string
let bitcoin: StartBitcoinReturnType
let url: string

beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'latch-bitcoin-'))
  bitcoin = await startBitcoin({ port: await findFreePort(), stateDir, autoMineDelayMs: false })
  url = bitcoin.manifest.esploraUrl
})

afterAll(async () => {
  await bitcoin?.stop()
  await rm(stateDir, { recursive: true, force: true })
})

type Utxo = { txid: string; vout: number; value: number; status: { confirmed: boolean } }

const getJson = async <T = unknown>(route: string): Promise<T> => {
  const response = await fetch(`${url}${route}`)
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}
const getText = async (route: string) => (await fetch(`${url}${route}`)).text()
const broadcast = (hex: string) => fetch(`${url}/tx`, { method: 'POST', body: hex })
const mine = (blocks = 1) =>
  fetch(`${url}/mine`, { method: 'POST', body: JSON.stringify({ blocks }) }).then(
    (response) => response.json() as Promise<{ hashes: string[]; height: number }>,
  )

/** Spends the first UTXO of the account's payment (P2WPKH) or ordinals (P2TR) address. */
async function buildSpend(kind: 'payment' | 'ordinals', to: string, value: number, fee = 500) {
  const account = bitcoin.manifest.accounts[0] as (typeof bitcoin.manifest.accounts)[0]
  const key = ECPair.fromWIF(account.wif, regtest)
  const from = kind === 'payment' ? account.paymentAddress : account.ordinalsAddress
  const [utxo] = await getJson<Utxo[]>(`/address/${from}/utxo`)
  if (!utxo) throw new Error(`no UTXO on ${from}`)
  const script = (
    kind === 'payment'
      ? payments.p2wpkh({ pubkey: key.publicKey, network: regtest })
      : payments.p2tr({ internalPubkey: toXOnly(key.publicKey), network: regtest })
  ).output as Uint8Array
  const psbt = new Psbt({ network: regtest })
  psbt.addInput({
    hash: utxo.txid,
    index: utxo.vout,
    witnessUtxo: { script, value: BigInt(utxo.value) },
    ...(kind === 'ordinals' ? { tapInternalKey: toXOnly(key.publicKey) } : {}),
  })
  psbt.addOutput({ address: to, value: BigInt(value) })
  psbt.addOutput({ address: from, value: BigInt(utxo.value - value - fee) })
  psbt.signInput(
    0,
    kind === 'ordinals' ? key.tweak(crypto.taggedHash('TapTweak', toXOnly(key.publicKey))) : key,
  )
  psbt.finalizeAllInputs()
  return { tx: psbt.extractTransaction(), from, utxo }
}

describe('startBitcoin', () => {
  test('writes a manifest of regtest with funded test addresses, keys kept owner-only', async () => {
    const manifest = devnetBitcoinSchema.parse(bitcoin.manifest)
    expect(manifest.caipNetworkId).toBe(regtestCaipNetworkId)
    expect(manifest.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    expect(manifest.accounts).toHaveLength(4)
    for (const account of manifest.accounts) {
      expect(account.paymentAddress).toMatch(/^bcrt1q/)
      expect(account.ordinalsAddress).toMatch(/^bcrt1p/)
      const payment = await getJson<{ chain_stats: { funded_txo_sum: number } }>(
        `/address/${account.paymentAddress}`,
      )
      expect(payment.chain_stats.funded_txo_sum).toBe(1_000_000_000)
      const ordinals = await getJson<{ chain_stats: { funded_txo_sum: number } }>(
        `/address/${account.ordinalsAddress}`,
      )
      expect(ordinals.chain_stats.funded_txo_sum).toBe(100_000_000)
    }
    const file = path.join(stateDir, 'bitcoin-keys.json')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(await readFile(file, 'utf8')).toContain((manifest.accounts[0] as { wif: string }).wif)
    expect(await getText('/blocks/tip/height')).toBe('102')
    expect(await getText('/block-height/0')).toBe(
      '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
    )
  })

  test('a P2WPKH spend broadcast through POST /tx is pending, then confirmed by POST /mine', async () => {
    const receiver = bitcoin.manifest.accounts[1]?.paymentAddress as string
    const { tx, from } = await buildSpend('payment', receiver, 25_000_000)
    const response = await broadcast(tx.toHex())
    expect(await response.text()).toBe(tx.getId())
    expect(response.status).toBe(200)
    expect(await getJson(`/tx/${tx.getId()}/status`)).toEqual({ confirmed: false })
    const pending = await getJson<Record<string, Record<string, number>>>(`/address/${receiver}`)
    expect(pending.mempool_stats).toEqual({
      funded_txo_count: 1,
      funded_txo_sum: 25_000_000,
      spent_txo_count: 0,
      spent_txo_sum: 0,
      tx_count: 1,
    })
    const utxos = await getJson<Utxo[]>(`/address/${receiver}/utxo`)
    expect(utxos.find((utxo) => utxo.txid === tx.getId())?.status).toEqual({ confirmed: false })

    const { hashes, height } = await mine()
    const status = await getJson<Record<string, unknown>>(`/tx/${tx.getId()}/status`)
    expect(status).toMatchObject({ confirmed: true, block_height: height, block_hash: hashes[0] })
    expect(typeof status.block_time).toBe('number')
    const stats = await getJson<Record<string, Record<string, number>>>(`/address/${from}`)
    expect(stats.chain_stats).toMatchObject({ spent_txo_count: 1, spent_txo_sum: 1_000_000_000 })
    expect(stats.chain_stats?.funded_txo_sum).toBe(1_000_000_000 + 1_000_000_000 - 25_000_000 - 500)
    const json = await getJson<{
      fee: number
      vin: { prevout: { scriptpubkey_address: string; value: number; scriptpubkey_type: string } }[]
      vout: { scriptpubkey_address: string; value: number; scriptpubkey_type: string }[]
    }>(`/tx/${tx.getId()}`)
    expect(json.fee).toBe(500)
    expect(json.vin[0]?.prevout).toMatchObject({
      scriptpubkey_address: from,
      value: 1_000_000_000,
      scriptpubkey_type: 'v0_p2wpkh',
    })
    expect(json.vout[0]).toMatchObject({ scriptpubkey_address: receiver, value: 25_000_000 })
    expect(await getText(`/tx/${tx.getId()}/hex`)).toBe(tx.toHex())
    const history = await getJson<{ txid: string }[]>(`/address/${receiver}/txs`)
    expect(history[0]?.txid).toBe(tx.getId())
  })

  test('a P2TR key-path spend from the ordinals address is taken and mined', async () => {
    const receiver = bitcoin.manifest.accounts[2]?.ordinalsAddress as string
    const { tx } = await buildSpend('ordinals', receiver, 10_000_000)
    expect(await (await broadcast(tx.toHex())).text()).toBe(tx.getId())
    await mine()
    const json = await getJson<{
      status: { confirmed: boolean }
      vin: { prevout: { scriptpubkey_type: string } }[]
    }>(`/tx/${tx.getId()}`)
    expect(json.status.confirmed).toBe(true)
    expect(json.vin[0]?.prevout.scriptpubkey_type).toBe('v1_p2tr')
  })

  test('refuses a double spend, a bad signature and an overspend in Esplora words', async () => {
    const receiver = bitcoin.manifest.accounts[3]?.paymentAddress as string
    const first = await buildSpend('payment', receiver, 1_000_000)
    const second = await buildSpend('payment', receiver, 2_000_000)
    expect((await broadcast(first.tx.toHex())).status).toBe(200)
    const conflict = await broadcast(second.tx.toHex())
    expect(conflict.status).toBe(400)
    expect(await conflict.text()).toBe(
      `sendrawtransaction RPC error: {"code":-26,"message":"txn-mempool-conflict: input 0 (${first.utxo.txid}:${first.utxo.vout}) is already spent by ${first.tx.getId()}, which is waiting in the mempool."}`,
    )
    await mine()
    const spent = await broadcast(second.tx.toHex())
    expect(await spent.text()).toContain('"code":-25,"message":"bad-txns-inputs-missingorspent')

    const { tx } = await buildSpend('payment', receiver, 1_000_000)
    const forged = tx.clone()
    ;(forged.outs[0] as { value: bigint }).value -= 1000n
    const refused = await broadcast(forged.toHex())
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain(
      'mandatory-script-verify-flag-failed: input 0: Signature must be zero',
    )

    // Psbt will not build an overspend: raise the change and sign again by hand.
    const over = (await buildSpend('payment', receiver, 1_000_000)).tx
    ;(over.outs[1] as { value: bigint }).value += 2_000_000n
    const key = ECPair.fromWIF(bitcoin.manifest.accounts[0]?.wif as string, regtest)
    const scriptCode = payments.p2pkh({ pubkey: key.publicKey }).output as Uint8Array
    const [utxo] = await getJson<Utxo[]>(
      `/address/${bitcoin.manifest.accounts[0]?.paymentAddress}/utxo`,
    )
    const sighash = over.hashForWitnessV0(
      0,
      scriptCode,
      BigInt(utxo?.value ?? 0),
      Transaction.SIGHASH_ALL,
    )
    over.setWitness(0, [
      script.signature.encode(key.sign(sighash), Transaction.SIGHASH_ALL),
      key.publicKey,
    ])
    const overspent = await broadcast(over.toHex()).then((response) => response.text())
    expect(overspent).toMatch(
      /"message":"bad-txns-in-belowout: the outputs \(\d+ sats\) exceed the inputs \(\d+ sats\)\."/,
    )
  })

  test('serves blocks whose header, proof of work and merkle root verify with bitcoinjs-lib', async () => {
    const hash = await getText('/blocks/tip/hash')
    const raw = new Uint8Array(await (await fetch(`${url}/block/${hash}/raw`)).arrayBuffer())
    const block = Block.fromBuffer(raw)
    expect(block.getId()).toBe(hash)
    expect(block.checkProofOfWork()).toBe(true)
    expect(block.checkTxRoots()).toBe(true)
    expect(await getText(`/block/${hash}/header`)).toBe(block.toHex(true))
    const json = await getJson<Record<string, unknown>>(`/block/${hash}`)
    expect(json).toMatchObject({
      id: hash,
      tx_count: block.transactions?.length,
      bits: 0x207fffff,
      nonce: block.nonce,
      merkle_root: Buffer.from(block.merkleRoot as Uint8Array)
        .reverse()
        .toString('hex'),
    })
  })

  test('answers bad input with clear plain-text errors', async () => {
    const mainnet = await fetch(`${url}/address/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq`)
    expect(mainnet.status).toBe(400)
    expect(await mainnet.text()).toBe(
      'This is a Bitcoin mainnet address; this network is regtest (addresses start with bcrt1).',
    )
    expect(await getText('/address/nonsense')).toBe('Invalid Bitcoin address "nonsense".')
    expect((await fetch(`${url}/tx/${'0'.repeat(64)}`)).status).toBe(404)
    expect(await getText('/tx/xyz')).toBe('Invalid hex string')
    const garbage = await broadcast('not hex')
    expect(await garbage.text()).toBe(
      'sendrawtransaction RPC error: {"code":-22,"message":"TX decode failed: the body is not raw transaction hex."}',
    )
    const tooMany = await fetch(`${url}/mine`, { method: 'POST', body: '{"blocks":100000}' })
    expect(tooMany.status).toBe(400)
    const foreign = await fetch(`${url}/blocks/tip/height`, {
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.status).toBe(403)
    expect(await getJson('/fee-estimates')).toMatchObject({ '1': 2, '6': 1, '144': 1 })
  })

  test('the faucet pays any regtest address and refuses amounts over its limit', async () => {
    const address = payments.p2wpkh({
      pubkey: ECPair.makeRandom({ network: regtest }).publicKey,
      network: regtest,
    }).address as string
    const response = await fetch(`${url}/faucet`, {
      method: 'POST',
      body: JSON.stringify({ address, value: 50_000_000 }),
    })
    const { txid } = (await response.json()) as { txid: string }
    await mine()
    expect(await getJson(`/address/${address}/utxo`)).toEqual([
      expect.objectContaining({
        txid,
        value: 50_000_000,
        status: expect.objectContaining({ confirmed: true }),
      }),
    ])
    const tooMuch = await fetch(`${url}/faucet`, {
      method: 'POST',
      body: JSON.stringify({ address, value: 5_000_000_000 }),
    })
    expect(await tooMuch.text()).toBe('value is at most 1000000000 satoshis (10 BTC).')
  })

  test('mines a moment after a transaction arrives, and keeps its keys across restarts', async () => {
    const again = await startBitcoin({ port: await findFreePort(), stateDir, autoMineDelayMs: 50 })
    try {
      expect(again.manifest.accounts).toEqual(bitcoin.manifest.accounts)
      const address = bitcoin.manifest.accounts[0]?.paymentAddress as string
      const response = await fetch(`${again.manifest.esploraUrl}/faucet`, {
        method: 'POST',
        body: JSON.stringify({ address, value: 1_000_000 }),
      })
      const { txid } = (await response.json()) as { txid: string }
      const deadline = Date.now() + 5000
      while (!again.chain.getTransaction(txid)?.block && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(again.chain.getTransaction(txid)?.block?.height).toBe(103)
    } finally {
      await again.stop()
    }
  })
})
