import type { DevnetSolana } from '@latch/api-contract'
import {
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
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createLatchConfig, type LatchConfig } from '../createLatchConfig.ts'
import { createTestStorage } from '../testing/createFakeConnector.ts'
import type { LatchSolanaNetwork } from '../webConfig/parseLatchWebConfig.ts'
import { connect } from './connect.ts'
import { estimateTransfer } from './estimateTransfer.ts'
import { sendTransfer } from './sendTransfer.ts'
import { type SolanaTransferEstimate, sendSolanaTransfer } from './solanaTransfer.ts'
import { watchWalletStandard } from './watchWalletStandard.ts'

let solana: StartTestSolanaReturnType
let manifest: DevnetSolana
let rpc: ReturnType<typeof createSolanaRpc>
let config: LatchConfig
let wallet: Awaited<ReturnType<typeof createSolanaTestWallet>>
let mint: Address

const page = createWalletStandardTestPage({ getWallets })
const { evm } = page.networks

beforeAll(async () => {
  page.open()
  solana = await startTestSolana()
  manifest = solana.manifest
  rpc = createSolanaRpc(manifest.rpcUrl)
  mint = address((manifest.tokens[0] as { mint: string }).mint)
  const network: LatchSolanaNetwork = {
    namespace: 'solana',
    reference: manifest.caipNetworkId.slice('solana:'.length),
    name: manifest.name,
    caipNetworkId: manifest.caipNetworkId as `solana:${string}`,
    rpcUrl: manifest.rpcUrl,
    nativeCurrency: manifest.nativeCurrency,
  }
  config = createLatchConfig({
    networks: [evm, network],
    apiUrl: 'http://api.test',
    projectId: 'p',
    storage: createTestStorage(),
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
  expect(config.getState()).toMatchObject({ activeNamespace: 'solana', address: wallet.address })
}, 60_000)

afterAll(async () => {
  page.unregisterAll()
  config?.destroy()
  await solana?.stop()
})

const lamportsOf = async (owner: Address) => (await rpc.getBalance(owner).send()).value

async function tokenAmountOf(owner: Address): Promise<bigint | undefined> {
  const [ata] = await findAssociatedTokenPda({ mint, owner, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const { value } = await rpc.getAccountInfo(ata, { encoding: 'base64' }).send()
  if (!value) return undefined
  return BigInt((await rpc.getTokenAccountBalance(ata).send()).value.amount)
}

/** What the chain charged for the transaction, and the slot it landed in. */
async function chargedFor(signature: string) {
  const transaction = await rpc
    .getTransaction(signature as Signature, {
      maxSupportedTransactionVersion: 0,
      encoding: 'json',
      commitment: 'confirmed',
    })
    .send()
  if (!transaction?.meta) throw new Error(`No transaction ${signature}.`)
  expect(transaction.meta.err).toBeNull()
  return { fee: transaction.meta.fee, slot: transaction.slot }
}

describe('sending on Solana through the Wallet Standard wallet', () => {
  it('sends SOL: the receiver gets the amount, the sender pays it and the estimated fee', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const amount = 1_234_567_890n
    const estimate = (await estimateTransfer(config, {
      to: receiver,
      token: {},
      amount,
    })) as SolanaTransferEstimate
    expect(estimate).toMatchObject({ rent: 0n, gas: 1n })
    expect(estimate.fee).toBe(estimate.networkFee)
    expect(estimate.networkFee).toBeGreaterThan(0n)
    const before = await lamportsOf(wallet.address)
    const submitted = vi.fn()
    const receipt = await sendTransfer(config, {
      to: receiver,
      token: { address: `${manifest.caipNetworkId}:native` },
      amount,
      onSubmitted: submitted,
    })
    expect(submitted).toHaveBeenCalledWith(receipt.hash)
    expect(wallet.sent).toHaveLength(1)
    const charged = await chargedFor(receipt.hash)
    expect(charged.fee).toBe(estimate.networkFee)
    expect(receipt.blockNumber).toBe(charged.slot)
    expect(await lamportsOf(receiver)).toBe(amount)
    expect(await lamportsOf(wallet.address)).toBe(before - amount - charged.fee)
    // Not an EVM transaction: nothing pending on a chain id.
    expect(config.transactions.getState()).toEqual([])
  }, 60_000)

  it("sends LUSD, creating the receiver's token account (rent in the estimate), then into it", async () => {
    const receiver = (await generateKeyPairSigner()).address
    const token = { address: `${manifest.caipNetworkId}:${mint}` }
    const amount = 1_500_000n
    const rentExempt = await rpc.getMinimumBalanceForRentExemption(BigInt(getTokenSize())).send()
    const estimate = (await estimateTransfer(config, {
      namespace: 'solana',
      to: receiver,
      token,
      amount,
    })) as SolanaTransferEstimate
    expect(estimate.rent).toBe(rentExempt)
    expect(estimate.fee).toBe(estimate.networkFee + rentExempt)
    expect(await tokenAmountOf(receiver)).toBeUndefined()
    const lamportsBefore = await lamportsOf(wallet.address)
    const lusdBefore = (await tokenAmountOf(wallet.address)) as bigint

    const receipt = await sendTransfer(config, { namespace: 'solana', to: receiver, token, amount })
    const charged = await chargedFor(receipt.hash)
    expect(charged.fee).toBe(estimate.networkFee)
    expect(await tokenAmountOf(receiver)).toBe(amount)
    expect(await tokenAmountOf(wallet.address)).toBe(lusdBefore - amount)
    expect(await lamportsOf(wallet.address)).toBe(lamportsBefore - charged.fee - rentExempt)

    // The account exists now: no rent, and a second transfer only moves the tokens.
    const again = (await estimateTransfer(config, {
      to: receiver,
      token: { address: mint },
      amount,
    })) as SolanaTransferEstimate
    expect(again.rent).toBe(0n)
    const lamportsBetween = await lamportsOf(wallet.address)
    const second = await sendTransfer(config, { to: receiver, token: { address: mint }, amount })
    const secondCharge = await chargedFor(second.hash)
    expect(secondCharge.fee).toBe(again.fee)
    expect(await tokenAmountOf(receiver)).toBe(2n * amount)
    expect(await lamportsOf(wallet.address)).toBe(lamportsBetween - secondCharge.fee)
  }, 60_000)

  it('a declined signature is the declined error and moves nothing', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const sent = wallet.sent.length
    const before = await lamportsOf(wallet.address)
    wallet.core.rejectNextPrompt()
    await expect(
      sendTransfer(config, { to: receiver, token: {}, amount: 1_000_000n }),
    ).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
    expect(wallet.sent).toHaveLength(sent)
    expect(await lamportsOf(wallet.address)).toBe(before)
    expect(await lamportsOf(receiver)).toBe(0n)
  }, 30_000)

  it('a signature the network never confirms ends in a bounded wait', async () => {
    const feature = wallet.wallet.features['solana:signAndSendTransaction'] as {
      signAndSendTransaction: (...inputs: unknown[]) => Promise<unknown>
    }
    // A wallet that answers a signature of a transaction that never reached the node.
    const signAndSend = vi
      .spyOn(feature, 'signAndSendTransaction')
      .mockResolvedValueOnce([{ signature: crypto.getRandomValues(new Uint8Array(64)) }])
    const submitted = vi.fn()
    const started = Date.now()
    await expect(
      sendSolanaTransfer(config, {
        to: (await generateKeyPairSigner()).address,
        token: {},
        amount: 1n,
        onSubmitted: submitted,
        confirmTimeoutMs: 1_000,
      }),
    ).rejects.toThrow(/was sent but not confirmed within 1 s/)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(submitted).toHaveBeenCalledOnce()
    signAndSend.mockRestore()
  }, 30_000)

  it('refuses a wrong receiver, token or missing field before anything is signed', async () => {
    const feature = wallet.wallet.features['solana:signAndSendTransaction'] as {
      signAndSendTransaction: (...inputs: unknown[]) => Promise<unknown>
    }
    const signAndSend = vi.spyOn(feature, 'signAndSendTransaction')
    for (const to of [
      'not base58 0OIl',
      // base58, but 31 bytes
      '1111111111111111111111111111111',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    ]) {
      const refused = sendTransfer(config, { to, token: {}, amount: 1n })
      await expect(refused, to).rejects.toMatchObject({
        name: 'InvalidTransferReceiverError',
        details: 'Invalid Solana address (base58, 32 bytes).',
      })
      await expect(
        estimateTransfer(config, { to, token: {}, amount: 1n }),
        to,
      ).rejects.toMatchObject({ name: 'InvalidTransferReceiverError' })
    }
    const receiver = (await generateKeyPairSigner()).address
    await expect(
      sendTransfer(config, { to: receiver, token: { address: 'notamint!' }, amount: 1n }),
    ).rejects.toMatchObject({ name: 'InvalidTokenAddressError' })
    // A real account that is no mint (the receiver's own system account: not the Token program's).
    await expect(
      sendTransfer(config, { to: receiver, token: { address: wallet.address }, amount: 1n }),
    ).rejects.toMatchObject({ name: 'InvalidTokenAddressError' })
    await expect(
      sendTransfer(config, { to: receiver, token: {}, amount: undefined }),
    ).rejects.toMatchObject({
      name: 'TransferFieldsRequiredError',
      shortMessage: 'An amount and receiver address are required.',
    })
    await expect(
      sendTransfer(config, { to: receiver, token: undefined, amount: 1n }),
    ).rejects.toMatchObject({
      name: 'TransferTokenRequiredError',
      shortMessage: 'A token is required.',
    })
    expect(signAndSend).not.toHaveBeenCalled()
    signAndSend.mockRestore()
  }, 30_000)
})
