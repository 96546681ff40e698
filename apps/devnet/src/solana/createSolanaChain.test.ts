import {
  appendTransactionMessageInstruction,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { describe, expect, it } from 'vitest'
import { blockhashMaxAge, createSolanaChain, type SolanaChain } from './createSolanaChain.ts'
import { SolanaRpcError } from './SolanaRpcError.ts'

async function transfer(chain: SolanaChain, payer: KeyPairSigner, amount: bigint) {
  const receiver = await generateKeyPairSigner()
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(chain.getLatestBlockhash() as never, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({ source: payer, destination: receiver.address, amount }),
          m,
        ),
    ),
  )
  return { wire: new Uint8Array(getTransactionEncoder().encode(signed)), receiver }
}

async function fundedChain(parameters: Parameters<typeof createSolanaChain>[0] = {}) {
  const chain = createSolanaChain({ slotIntervalMs: 0, ...parameters })
  const payer = await generateKeyPairSigner()
  chain.svm.airdrop(payer.address, lamports(10n ** 12n))
  return { chain, payer }
}

describe('createSolanaChain', () => {
  it('gives each transaction a slot and keeps a blockhash valid for 150 ticks, then refuses it', async () => {
    const { chain, payer } = await fundedChain()
    const slot = chain.getSlot()
    const first = await transfer(chain, payer, 1_000_000_000n)
    chain.sendTransaction(first.wire, { preflight: true })
    expect(chain.getSlot()).toBe(slot + 1)
    const late = await transfer(chain, payer, 1_000_000_001n)
    for (let tick = 0; tick < blockhashMaxAge; tick += 1) chain.advanceSlot()
    expect(chain.isBlockhashValid(chain.decode(late.wire).message.lifetimeToken)).toBe(true)
    chain.advanceSlot()
    const refused = (() => {
      try {
        chain.sendTransaction(late.wire, { preflight: false })
      } catch (error) {
        return error
      }
    })() as SolanaRpcError
    expect(refused).toBeInstanceOf(SolanaRpcError)
    expect(refused.toJSON()).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: { err: 'BlockhashNotFound' },
    })
    chain.close()
  })

  it('lands a failing transaction sent without preflight (fee paid, error kept), as Solana does', async () => {
    const { chain, payer } = await fundedChain()
    // 1,000 lamports to a new account leaves it below rent exemption: the transfer fails.
    const { wire } = await transfer(chain, payer, 1000n)
    const signature = chain.sendTransaction(wire, { preflight: false })
    const record = chain.getRecord(signature)
    expect(record?.err).toEqual({ InsufficientFundsForRent: { account_index: 1 } })
    expect(record?.fee).toBe(5000)
    expect((record?.preBalances[0] ?? 0) - (record?.postBalances[0] ?? 0)).toBe(5000)
    expect(() => chain.sendTransaction(wire, { preflight: false })).toThrow(
      'This transaction has already been processed',
    )
    chain.close()
  })

  it('keeps at most historyLimit transactions, by signature and by address', async () => {
    const { chain, payer } = await fundedChain({ historyLimit: 2 })
    const signatures: string[] = []
    for (let i = 0; i < 3; i += 1) {
      signatures.push(
        chain.sendTransaction((await transfer(chain, payer, 1_000_000_000n)).wire, {
          preflight: true,
        }),
      )
    }
    expect(chain.getRecord(signatures[0] as string)).toBeUndefined()
    expect(chain.getSignaturesFor(payer.address)).toEqual(signatures.slice(1))
    chain.close()
  })
})
