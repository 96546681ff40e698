import {
  createTestAuthApi,
  testApiUrl,
  testPageOrigin,
  testProjectId,
} from '@latch/api/testing/createTestAuthApi.ts'
import {
  type StartTestAnvilReturnType,
  type StartTestSolanaReturnType,
  startTestAnvil,
  startTestSolana,
} from '@latch/test'
import { ed25519 } from '@noble/curves/ed25519'
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Encoder,
  getBase64Decoder,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getAssignInstruction, getTransferSolInstruction } from '@solana-program/system'
import { IDBFactory } from 'fake-indexeddb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDeviceShareStore } from '../../keys/createDeviceShareStore.ts'
import { createFrame } from '../createFrame.ts'
import { createSessionStore } from '../createSessionStore.ts'
import { createFakeFrameUi } from '../testing/createFakeFrameUi.ts'
import { createFakeFrameWindow } from '../testing/createFakeFrameWindow.ts'

let anvil: StartTestAnvilReturnType
let solana: StartTestSolanaReturnType
let api: Awaited<ReturnType<typeof createTestAuthApi>>

beforeAll(async () => {
  ;[anvil, solana] = await Promise.all([startTestAnvil(), startTestSolana()])
  api = await createTestAuthApi({ rpcUrl: anvil.rpcUrl })
}, 120_000)
afterAll(async () => {
  await api?.stop()
  await Promise.all([anvil?.stop(), solana?.stop()])
})

/** The frame's fetch: the API in process, the Solana node over the network. */
const fetchFn: typeof fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input)
  return url.startsWith(testApiUrl) ? api.fetchFn(input, init) : fetch(input, init)
}

async function rpc<result>(method: string, params: unknown[] = []): Promise<result> {
  const response = await fetch(solana.manifest.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result: result; error?: unknown }
  if (body.error) throw new Error(JSON.stringify(body.error))
  return body.result
}

async function openFrame(idb: IDBFactory, solanaNetworks = true) {
  const page = createFakeFrameWindow({ pageOrigin: testPageOrigin })
  const fake = createFakeFrameUi()
  createFrame({
    config: { projectId: testProjectId, apiUrl: testApiUrl, allowedOrigins: [testPageOrigin] },
    window: page.window,
    ui: fake.ui,
    sessions: createSessionStore(idb),
    deviceShares: createDeviceShareStore(idb),
    fetchFn,
    scryptN: 2 ** 10,
  }).start()
  const synced = await page.request('syncDappData', {
    metadata: { name: 'Shop', url: testPageOrigin, icons: [] },
    projectId: testProjectId,
    sdkVersion: 'latch-test',
    chainIds: [31337],
    ...(solanaNetworks && {
      solanaNetworks: [
        { caipNetworkId: solana.manifest.caipNetworkId, rpcUrl: solana.manifest.rpcUrl },
      ],
    }),
  })
  expect(synced.ok).toBe(true)
  return { page, fake }
}

const result = <value>(response: { ok: boolean }) => {
  if (!response.ok) throw new Error(`Frame error: ${JSON.stringify(response)}`)
  return (response as unknown as { result: value }).result
}

/** An unsigned transaction (wire format, base64) paid by `payer`, as core builds one. */
async function unsigned(payer: string, instructions: Instruction[]) {
  const { value: blockhash } = await rpc<{
    value: { blockhash: string; lastValidBlockHeight: number }
  }>('getLatestBlockhash')
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(address(payer)), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: blockhash.blockhash as never,
          lastValidBlockHeight: BigInt(blockhash.lastValidBlockHeight),
        },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return getBase64Decoder().decode(getTransactionEncoder().encode(compileTransaction(message)))
}

describe('the embedded wallet’s Solana account', () => {
  const email = 'sol@example.com'
  const profile = new IDBFactory()
  let solanaAddress: string
  let evmAddress: string

  it('comes with getUser when the app has Solana networks, and only then', async () => {
    const { page } = await openFrame(profile)
    result(await page.request('connectEmail', { email }))
    result(await page.request('connectOtp', { otp: api.codeFor(email) }))
    const user = result<{ address: string; solanaAddress: string }>(
      await page.request('getUser', { chainId: 31337 }),
    )
    evmAddress = user.address
    solanaAddress = user.solanaAddress
    expect(solanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const again = await openFrame(profile, false)
    expect(result(await again.page.request('getUser'))).not.toHaveProperty('solanaAddress')
  })

  it('is the same account on a new device after recovery (no migration)', async () => {
    const { page, fake } = await openFrame(new IDBFactory())
    api.advance(31_000)
    expect(result(await page.request('connectEmail', { email }))).toEqual({
      action: 'VERIFY_DEVICE',
    })
    await api.approveDevice(email)
    result(await page.request('connectDevice'))
    result(await page.request('connectOtp', { otp: api.codeFor(email) }))
    const user = result<{ address: string; solanaAddress: string }>(await page.request('getUser'))
    expect(fake.accounts).toHaveLength(1)
    expect(user).toMatchObject({ address: evmAddress, solanaAddress })
  })

  it('signs a message after the frame showed it; the signature verifies with ed25519', async () => {
    const { page, fake } = await openFrame(profile)
    const message = 'Sign in to Shop\nNonce: 12345678'
    const { signature } = result<{ signature: string }>(
      await page.request('solanaSignMessage', {
        caipNetworkId: solana.manifest.caipNetworkId,
        address: solanaAddress,
        message,
      }),
    )
    expect(fake.confirmations.at(-1)).toEqual({
      origin: testPageOrigin,
      networkName: solana.manifest.caipNetworkId,
      kind: 'message',
      details: [
        { label: 'Account', value: solanaAddress },
        { label: 'Message', value: message },
      ],
    })
    const bytes = (value: string) => new Uint8Array(getBase58Encoder().encode(value))
    const encoded = new TextEncoder().encode(message)
    expect(ed25519.verify(bytes(signature), encoded, bytes(solanaAddress))).toBe(true)
    expect(
      ed25519.verify(
        bytes(signature),
        new TextEncoder().encode(`${message}!`),
        bytes(solanaAddress),
      ),
    ).toBe(false)
    fake.settings.approve = false
    expect(
      await page.request('solanaSignMessage', {
        caipNetworkId: solana.manifest.caipNetworkId,
        address: solanaAddress,
        message,
      }),
    ).toMatchObject({ ok: false, error: { code: 4001 } })
  })

  it('refuses tampered or foreign requests', async () => {
    const { page, fake } = await openFrame(profile)
    const seen = fake.confirmations.length
    // Another account, another network: refused before any dialog.
    const stranger = (await generateKeyPairSigner()).address
    expect(
      await page.request('solanaSignMessage', {
        caipNetworkId: solana.manifest.caipNetworkId,
        address: stranger,
        message: 'hi',
      }),
    ).toMatchObject({ ok: false, error: { code: 4100 } })
    expect(
      await page.request('solanaSignMessage', {
        caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        address: solanaAddress,
        message: 'hi',
      }),
    ).toMatchObject({ ok: false, error: { code: 4901 } })
    // A message off the schema (an address that is not base58) gets no answer at all.
    const before = page.posted.length
    page.send({
      type: 'latch:frame:request',
      id: 'tampered',
      method: 'solanaSignMessage',
      params: {
        caipNetworkId: solana.manifest.caipNetworkId,
        address: '0xnot-base58',
        message: 'hi',
      },
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(page.posted.length).toBe(before)
    // A transaction paid by someone else, one whose bytes are not a transaction, and one that
    // does what the wallet cannot describe.
    const foreign = await unsigned(stranger, [
      getTransferSolInstruction({
        source: createNoopSigner(address(stranger)),
        destination: address(solanaAddress),
        amount: 1n,
      }),
    ])
    const send = (transaction: string) =>
      page.request('solanaSignAndSendTransaction', {
        caipNetworkId: solana.manifest.caipNetworkId,
        address: solanaAddress,
        transaction,
      })
    expect(await send(foreign)).toMatchObject({
      ok: false,
      error: {
        code: 4100,
        message: 'The transaction’s fee payer is another account than this wallet.',
      },
    })
    expect(await send('AAAA')).toMatchObject({
      ok: false,
      error: { code: -32602, message: 'The transaction could not be read (Solana wire format).' },
    })
    const owner = createNoopSigner(address(solanaAddress))
    const assign = await unsigned(solanaAddress, [
      getAssignInstruction({ account: owner, programAddress: address(stranger) }),
    ])
    expect(await send(assign)).toMatchObject({
      ok: false,
      error: {
        code: 4200,
        message:
          'The wallet cannot show what this transaction does (a System instruction other than a transfer), so it did not sign it.',
      },
    })
    expect(fake.confirmations.length).toBe(seen)
  })

  it('shows a SOL transfer (amount, receiver, fee), signs it and sends it to the network', async () => {
    const { page, fake } = await openFrame(profile)
    await rpc('requestAirdrop', [solanaAddress, 2_000_000_000])
    const receiver: Address = (await generateKeyPairSigner()).address
    const transaction = await unsigned(solanaAddress, [
      getTransferSolInstruction({
        source: createNoopSigner(address(solanaAddress)),
        destination: receiver,
        amount: 100_000_000n,
      }),
    ])
    const { signature } = result<{ signature: string }>(
      await page.request('solanaSignAndSendTransaction', {
        caipNetworkId: solana.manifest.caipNetworkId,
        address: solanaAddress,
        transaction,
      }),
    )
    expect(fake.confirmations.at(-1)).toEqual({
      origin: testPageOrigin,
      networkName: solana.manifest.caipNetworkId,
      kind: 'transaction',
      details: [
        { label: 'From', value: solanaAddress },
        { label: 'Send', value: '0.1 SOL' },
        { label: 'To', value: receiver },
        { label: 'Network fee', value: '0.000005 SOL' },
      ],
    })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    let balance = 0
    for (let i = 0; i < 50 && balance === 0; i++) {
      balance = (await rpc<{ value: number }>('getBalance', [receiver])).value
      if (balance === 0) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(balance).toBe(100_000_000)
  })
})
