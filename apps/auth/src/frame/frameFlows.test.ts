import {
  createTestAuthApi,
  testApiUrl,
  testPageOrigin,
  testProjectId,
} from '@latch/api/testing/createTestAuthApi.ts'
import { type StartTestAnvilReturnType, startTestAnvil } from '@latch/test'
import { IDBFactory } from 'fake-indexeddb'
import { type Hex, recoverMessageAddress, recoverTypedDataAddress } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createDeviceShareStore } from '../keys/createDeviceShareStore.ts'
import { createFrame } from './createFrame.ts'
import { createMemoryFrameStores } from './createMemoryFrameStores.ts'
import { createSessionStore } from './createSessionStore.ts'
import { createFakeFrameUi } from './testing/createFakeFrameUi.ts'
import { createFakeFrameWindow } from './testing/createFakeFrameWindow.ts'

let anvil: StartTestAnvilReturnType
let api: Awaited<ReturnType<typeof createTestAuthApi>>

beforeAll(async () => {
  anvil = await startTestAnvil()
  api = await createTestAuthApi({ rpcUrl: anvil.rpcUrl })
}, 120_000)
afterAll(async () => {
  await api?.stop()
  await anvil?.stop()
})

const dapp = {
  metadata: { name: 'Shop', url: testPageOrigin, icons: [] },
  projectId: testProjectId,
  sdkVersion: 'latch-test',
  chainIds: [31337],
}

/** A frame as a browser profile loads it: `idb` is that profile's IndexedDB (none: memory). */
async function openFrame(idb: IDBFactory | undefined) {
  const page = createFakeFrameWindow({ pageOrigin: testPageOrigin })
  const fake = createFakeFrameUi()
  createFrame({
    config: { projectId: testProjectId, apiUrl: testApiUrl, allowedOrigins: [testPageOrigin] },
    window: page.window,
    ui: fake.ui,
    ...(idb
      ? { sessions: createSessionStore(idb), deviceShares: createDeviceShareStore(idb) }
      : createMemoryFrameStores()),
    fetchFn: api.fetchFn,
    scryptN: 2 ** 10,
  }).start()
  expect((await page.request('syncDappData', dapp)).ok).toBe(true)
  return { page, fake }
}

const result = <value>(response: { ok: boolean }) => {
  if (!response.ok) throw new Error(`Frame error: ${JSON.stringify(response)}`)
  return (response as unknown as { result: value }).result
}

async function signIn(page: Awaited<ReturnType<typeof openFrame>>['page'], email: string) {
  expect(result(await page.request('connectEmail', { email }))).toEqual({ action: 'VERIFY_OTP' })
  expect(result(await page.request('connectOtp', { otp: api.codeFor(email) }))).toEqual({
    action: 'CONNECT',
  })
}

describe('the frame against the real API', () => {
  const email = 'ada@example.com'
  const profile = new IDBFactory()
  let address: Hex

  it('signs in by email and creates the wallet on first getUser', async () => {
    const { page, fake } = await openFrame(profile)
    expect(result(await page.request('connectEmail', { email: 'Ada@Example.com' }))).toEqual({
      action: 'VERIFY_OTP',
    })
    // A second email within 30 s: the API's cooldown, passed through with its seconds.
    expect(await page.request('connectEmail', { email })).toMatchObject({
      ok: false,
      error: { code: 'EMAIL_COOLDOWN', retryAfterSeconds: 30 },
    })
    const code = api.codeFor(email)
    const wrong = code === '000000' ? '111111' : '000000'
    expect(await page.request('connectOtp', { otp: wrong })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_OTP' },
    })
    expect(result(await page.request('connectOtp', { otp: code }))).toEqual({ action: 'CONNECT' })
    const user = result<{ address: Hex }>(await page.request('getUser', { chainId: 31337 }))
    address = user.address
    expect(user).toEqual({
      email,
      username: null,
      signInMethod: 'email',
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      chainId: 31337,
      preferredAccountType: 'eoa',
      accounts: [{ address, type: 'eoa' }],
    })
    // The passphrase dialog was shown: show before, hide after.
    expect(page.events().map((event) => event.name)).toEqual(['ready', 'show', 'hide'])
    expect(fake.confirmations).toEqual([])
  })

  it('keeps the session across a reload, without asking anything', async () => {
    const { page } = await openFrame(profile)
    expect(result(await page.request('isConnected'))).toEqual({ isConnected: true })
    expect(result(await page.request('getUser'))).toMatchObject({ address, email })
    expect(
      result(await page.request('rpcRequest', { chainId: 31337, method: 'eth_accounts' })),
    ).toEqual({ result: [address] })
    expect(page.events()).toEqual([{ name: 'ready', targetOrigin: '*' }])
  })

  it('signs a message and typed data after the frame’s confirmation; a decline is 4001', async () => {
    const { page, fake } = await openFrame(profile)
    const message = '0x68656c6c6f206c61746368' // "hello latch"
    const signed = result<{ result: Hex }>(
      await page.request('rpcRequest', {
        chainId: 31337,
        method: 'personal_sign',
        params: [message, address],
      }),
    )
    expect(
      await recoverMessageAddress({ message: { raw: message }, signature: signed.result }),
    ).toBe(address)
    expect(fake.confirmations[0]).toEqual({
      origin: testPageOrigin,
      networkName: 'Latch Devnet',
      kind: 'message',
      details: [{ label: 'Message', value: 'hello latch' }],
    })
    fake.settings.approve = false
    expect(
      await page.request('rpcRequest', {
        chainId: 31337,
        method: 'personal_sign',
        params: [message, address],
      }),
    ).toMatchObject({ ok: false, error: { code: 4001, message: 'User rejected the request.' } })
    fake.settings.approve = true

    const typedData = {
      domain: { name: 'Shop', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Order: [{ name: 'item', type: 'string' }],
      },
      primaryType: 'Order',
      message: { item: 'lamp' },
    } as const
    const typed = result<{ result: Hex }>(
      await page.request('rpcRequest', {
        chainId: 31337,
        method: 'eth_signTypedData_v4',
        params: [address, JSON.stringify(typedData)],
      }),
    )
    const { EIP712Domain: _, ...types } = typedData.types
    expect(
      await recoverTypedDataAddress({
        domain: { ...typedData.domain, chainId: 31337n },
        types,
        primaryType: 'Order',
        message: typedData.message,
        signature: typed.result,
      }),
    ).toBe(address)
    expect(fake.confirmations.at(-1)).toMatchObject({
      kind: 'typedData',
      details: [
        { label: 'Domain', value: 'Shop' },
        { label: 'Type', value: 'Order' },
        { label: 'Message', value: '{\n  "item": "lamp"\n}' },
      ],
    })
    // Typed data for another network is refused before any prompt.
    expect(
      await page.request('rpcRequest', {
        chainId: 31337,
        method: 'eth_signTypedData_v4',
        params: [address, JSON.stringify({ ...typedData, domain: { chainId: 1 } })],
      }),
    ).toMatchObject({ ok: false, error: { code: -32602 } })
    expect(
      await page.request('rpcRequest', {
        chainId: 31337,
        method: 'personal_sign',
        params: [message, '0x0000000000000000000000000000000000000001'],
      }),
    ).toMatchObject({ ok: false, error: { code: 4100 } })
  })

  it('sends a transaction through the API’s JSON-RPC, showing value and max fee first', async () => {
    const { page, fake } = await openFrame(profile)
    await anvil.rpc('anvil_setBalance', [address, '0xde0b6b3a7640000']) // 1 ETH
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const sent = result<{ result: Hex }>(
      await page.request('rpcRequest', {
        chainId: 31337,
        method: 'eth_sendTransaction',
        params: [{ from: address, to, value: '0x2386f26fc10000' }], // 0.01 ETH
      }),
    )
    // anvil mines it at once, but the receipt can show a moment later on a loaded machine.
    const receipt = await vi.waitFor(async () => {
      const found = (await anvil.rpc('eth_getTransactionReceipt', [sent.result])) as {
        status: string
        from: string
      } | null
      if (!found) throw new Error('No receipt yet.')
      return found
    })
    expect(receipt.status).toBe('0x1')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    const confirmation = fake.confirmations.at(-1)
    expect(confirmation).toMatchObject({
      origin: testPageOrigin,
      networkName: 'Latch Devnet',
      kind: 'transaction',
    })
    expect(confirmation?.details.slice(0, 2)).toEqual([
      { label: 'To', value: to },
      { label: 'Value', value: '0.01 ETH' },
    ])
    expect(confirmation?.details[2]).toMatchObject({
      label: 'Max fee',
      value: expect.stringMatching(/^0\.0*[1-9]\d{0,3} ETH$/),
    })
  })

  it('exports the key inside the frame after a fresh code; the page gets nothing', async () => {
    const { page, fake } = await openFrame(profile)
    api.advance(31_000)
    fake.settings.exportCode = async () => api.codeFor(email)
    expect(await page.request('exportKey')).toMatchObject({ ok: true, result: {} })
    expect(fake.settings.exported).toMatch(/^0x[0-9a-f]{64}$/)
    expect(privateKeyToAddress(fake.settings.exported as Hex)).toBe(address)
    expect(JSON.stringify(page.posted)).not.toContain((fake.settings.exported as Hex).slice(2))
  })

  it('the passphrase dialog closed: the same code again goes on; another code does not', async () => {
    const { page, fake } = await openFrame(new IDBFactory())
    const other = 'bea@example.com'
    api.advance(31_000)
    await signIn(page, other)
    const code = api.codeFor(other)
    fake.settings.cancelNext = true
    expect(await page.request('getUser')).toMatchObject({ ok: false, error: { code: 4001 } })
    const wrong = code === '000000' ? '111111' : '000000'
    expect(await page.request('connectOtp', { otp: wrong })).toMatchObject({
      ok: false,
      error: { code: 'NO_EMAIL' },
    })
    expect(result(await page.request('connectOtp', { otp: code }))).toEqual({ action: 'CONNECT' })
    expect(result(await page.request('getUser'))).toMatchObject({ email: other })
    // Once the wallet is open, the code no longer goes on.
    expect(await page.request('connectOtp', { otp: code })).toMatchObject({ ok: false })
  })

  it('recovers the wallet on a new device after approval and the passphrase', async () => {
    const { page, fake } = await openFrame(new IDBFactory())
    api.advance(31_000)
    expect(result(await page.request('connectEmail', { email }))).toEqual({
      action: 'VERIFY_DEVICE',
    })
    // Continue before the link was followed: says what is missing, not "try again after n s".
    expect(await page.request('connectDevice')).toMatchObject({
      ok: false,
      error: { code: 'DEVICE_NOT_APPROVED', message: expect.stringContaining('open the link') },
    })
    // Following the link lifts the cooldown: Continue gets its code at once.
    await api.approveDevice(email)
    expect(result(await page.request('connectDevice'))).toEqual({ action: 'VERIFY_OTP' })
    expect(result(await page.request('connectOtp', { otp: api.codeFor(email) }))).toEqual({
      action: 'CONNECT',
    })
    fake.settings.passphrases = ['not the passphrase', 'correct horse battery staple']
    expect(result(await page.request('getUser'))).toMatchObject({ address, email })
    expect(fake.passphraseErrors).toEqual(['The recovery passphrase is wrong.'])
    expect(fake.accounts).toEqual([email])
    // This device now signs on its own share.
    const signed = result<{ result: Hex }>(
      await page.request('rpcRequest', {
        chainId: 31337,
        method: 'personal_sign',
        params: ['0x01', address],
      }),
    )
    expect(
      await recoverMessageAddress({ message: { raw: '0x01' }, signature: signed.result }),
    ).toBe(address)
  })

  it('changes the email with a code to each address', async () => {
    const { page } = await openFrame(profile)
    api.advance(31_000)
    const next = 'ada.lovelace@example.com'
    expect(result(await page.request('updateEmail', { email: next }))).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    expect(
      result(await page.request('updateEmailPrimaryOtp', { otp: api.codeFor(email) })),
    ).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    expect(
      result(await page.request('updateEmailSecondaryOtp', { otp: api.codeFor(next) })),
    ).toEqual({ email: next })
    expect(result(await page.request('getUser'))).toMatchObject({ email: next, address })
  })

  it('signs out on both sides, keeping the device share for the next sign-in', async () => {
    const { page, fake } = await openFrame(profile)
    expect(result(await page.request('signOut'))).toEqual({})
    expect(page.events().at(-1)).toMatchObject({ name: 'signedOut', reason: 'user' })
    expect(result(await page.request('isConnected'))).toEqual({ isConnected: false })
    api.advance(31_000)
    await signIn(page, 'ada.lovelace@example.com')
    fake.settings.cancelNext = true // no dialog may open: the share is still here
    expect(result(await page.request('getUser'))).toMatchObject({ address })
  })

  it('reports an expired session on reload as signedOut "expired"', async () => {
    const { page } = await openFrame(profile)
    api.advance(8 * 24 * 60 * 60 * 1000)
    // A signature asked for after expiry: refused, and the page hears the session ended.
    expect(
      await page.request('rpcRequest', {
        chainId: 31337,
        method: 'personal_sign',
        params: ['0x01', address],
      }),
    ).toMatchObject({ ok: false, error: { code: 'SESSION_EXPIRED' } })
    expect(page.events().at(-1)).toMatchObject({ name: 'signedOut', reason: 'expired' })
    expect(result(await page.request('isConnected'))).toEqual({ isConnected: false })
    expect(page.events().at(-1)).toEqual({
      name: 'signedOut',
      reason: 'expired',
      targetOrigin: testPageOrigin,
    })
  })
})

describe('the frame without IndexedDB (third-party storage blocked)', () => {
  it('still signs in, creates and uses the wallet, in memory for the page’s life', async () => {
    const email = 'grace@example.com'
    const { page } = await openFrame(undefined)
    await signIn(page, email)
    const user = result<{ address: Hex }>(await page.request('getUser'))
    const signed = result<{ result: Hex }>(
      await page.request('rpcRequest', {
        chainId: 31337,
        method: 'personal_sign',
        params: ['0x02', user.address],
      }),
    )
    expect(
      await recoverMessageAddress({ message: { raw: '0x02' }, signature: signed.result }),
    ).toBe(user.address)
    // A reload starts over: no session in memory any more.
    const reloaded = await openFrame(undefined)
    expect(result(await reloaded.page.request('isConnected'))).toEqual({ isConnected: false })
  })
})
