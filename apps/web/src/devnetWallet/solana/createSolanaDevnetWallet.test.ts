import { type StartTestSolanaReturnType, startTestSolana } from '@latch/test'
import {
  appendTransactionMessageInstruction,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  getAddressDecoder,
  getBase58Decoder,
  getPublicKeyFromAddress,
  getTransactionEncoder,
  lamports,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  address as toAddress,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { registerWallet } from '@wallet-standard/wallet'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Described } from '../createConfirmDialog.ts'
import {
  createSolanaDevnetWallet,
  type SolanaDevnetWalletFeatures,
} from './createSolanaDevnetWallet.ts'

let solana: StartTestSolanaReturnType
const asked: Described[] = []
let answer = true
let wallet: Wallet & { features: SolanaDevnetWalletFeatures }
/** The page's localStorage, where the wallet remembers the sites it allowed. */
const storage = new Map<string, string>()

/** The wallet as the devnet page creates it on each load (on the same storage). */
function createWallet() {
  const [key] = solana.manifest.accounts
  if (!key) throw new Error('The devnet has no Solana test key.')
  return createSolanaDevnetWallet({
    config: { ...solana.manifest, address: key.address, secretKey: key.secretKey } as never,
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
}

beforeAll(async () => {
  // The Wallet Standard talks over window events: a bare EventTarget stands in for the page.
  vi.stubGlobal('window', Object.assign(new EventTarget(), { navigator: {} }))
  solana = await startTestSolana()
  registerWallet(createWallet() as Wallet)
  const found = getWallets()
    .get()
    .find(
      (entry) =>
        entry.name === 'Latch Devnet Wallet' &&
        entry.chains.includes(solana.manifest.caipNetworkId as never),
    )
  if (!found) throw new Error('The Solana devnet wallet was not discovered.')
  wallet = found as typeof wallet
}, 60_000)

afterAll(async () => {
  await solana?.stop()
  vi.unstubAllGlobals()
})

describe('the Solana devnet wallet (Wallet Standard)', () => {
  it('is discovered with its name, icon and the devnet chain, before any code signs', () => {
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(wallet.chains).toEqual([solana.manifest.caipNetworkId])
    expect(Object.keys(wallet.features)).toEqual(
      expect.arrayContaining([
        'standard:connect',
        'standard:disconnect',
        'standard:events',
        'solana:signMessage',
        'solana:signTransaction',
        'solana:signAndSendTransaction',
      ]),
    )
    expect(wallet.accounts).toEqual([])
  })

  it('answers a silent connect with nothing, refuses a declined one, then connects', async () => {
    expect((await wallet.features['standard:connect'].connect({ silent: true })).accounts).toEqual(
      [],
    )
    answer = false
    await expect(wallet.features['standard:connect'].connect()).rejects.toMatchObject({
      code: 4001,
    })
    answer = true
    const changes: unknown[] = []
    const off = wallet.features['standard:events'].on('change', (change) => changes.push(change))
    const { accounts } = await wallet.features['standard:connect'].connect()
    off()
    expect(accounts.map((account) => account.address)).toEqual([
      solana.manifest.accounts[0]?.address,
    ])
    expect(getAddressDecoder().decode(accounts[0]?.publicKey as Uint8Array)).toBe(
      accounts[0]?.address,
    )
    expect(changes).toHaveLength(1)
    expect(asked.at(-1)?.action).toBe('Connect to app.test?')
  })

  it('after a reload, a silent connect answers the allowed site at once; a disconnect forgets it', async () => {
    const reloaded = createWallet()
    const prompts = asked.length
    expect(reloaded.accounts).toEqual([])
    const { accounts } = await reloaded.features['standard:connect'].connect({ silent: true })
    expect(accounts.map((account) => account.address)).toEqual(
      wallet.accounts.map((account) => account.address),
    )
    expect(reloaded.accounts).toEqual(accounts)
    expect(asked).toHaveLength(prompts)
    await reloaded.features['standard:disconnect'].disconnect()
    const again = createWallet()
    expect((await again.features['standard:connect'].connect({ silent: true })).accounts).toEqual(
      [],
    )
    expect(asked).toHaveLength(prompts)
  })

  it('signs a message that verifies as ed25519 for its address', async () => {
    const [account] = wallet.accounts
    const message = new TextEncoder().encode('Sign in to Latch\nNonce: 8d1f')
    const [output] = await wallet.features['solana:signMessage'].signMessage({
      account: account as never,
      message,
    })
    const publicKey = await getPublicKeyFromAddress(toAddress(account?.address as string))
    expect(asked.at(-1)?.body).toBe('Sign in to Latch\nNonce: 8d1f')
    expect(await verifySignature(publicKey, output?.signature as SignatureBytes, message)).toBe(
      true,
    )
    expect(
      await verifySignature(
        publicKey,
        output?.signature as SignatureBytes,
        new TextEncoder().encode('other'),
      ),
    ).toBe(false)
  })

  it('signs and sends a SOL transfer that the devnet confirms', async () => {
    const [account] = wallet.accounts
    const from = toAddress(account?.address as string)
    const to = toAddress(solana.manifest.accounts[1]?.address as string)
    const rpc = createSolanaRpc(solana.manifest.rpcUrl)
    const before = (await rpc.getBalance(to).send()).value
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(from, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({
            source: { address: from } as never,
            destination: to,
            amount: lamports(250_000_000n),
          }),
          m,
        ),
    )
    const bytes = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
    const [output] = await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account: account as never,
      chain: solana.manifest.caipNetworkId as never,
      transaction: bytes,
    })
    expect(asked.at(-1)?.lines.map((line) => line.value)).toContain(`Send 0.25 SOL to ${to}`)
    const signature = getBase58Decoder().decode(output?.signature as Uint8Array)
    const { value } = await rpc.getSignatureStatuses([signature as never]).send()
    expect(value[0]?.err).toBeNull()
    expect((await rpc.getBalance(to).send()).value).toBe(before + 250_000_000n)
  })

  it('refuses another chain and a transaction it is not asked to sign', async () => {
    const [account] = wallet.accounts
    await expect(
      wallet.features['solana:signTransaction'].signTransaction({
        account: account as never,
        chain: 'solana:mainnet',
        transaction: new Uint8Array([1, 2, 3]),
      }),
    ).rejects.toMatchObject({ code: 4900 })
    await expect(
      wallet.features['solana:signTransaction'].signTransaction({
        account: account as never,
        transaction: new Uint8Array([1, 2, 3]),
      }),
    ).rejects.toThrow('This is not a Solana transaction (wire format).')
  })

  it('disconnects: accounts empty, and signing needs a new connect', async () => {
    const [account] = wallet.accounts
    await wallet.features['standard:disconnect'].disconnect()
    expect(wallet.accounts).toEqual([])
    await expect(
      wallet.features['solana:signMessage'].signMessage({
        account: account as never,
        message: new Uint8Array([1]),
      }),
    ).rejects.toMatchObject({ code: 4100 })
  })
})
