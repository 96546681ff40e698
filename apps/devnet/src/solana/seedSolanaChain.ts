import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system'
import {
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { FailedTransactionMetadata } from 'litesvm'
import { DevnetError } from '../errors.ts'
import type { SolanaChain } from './createSolanaChain.ts'
import type { SolanaDevnetKeys } from './readOrCreateSolanaKeys.ts'

/** The devnet's USD-like SPL token. */
export const latchUsd = { name: 'Latch USD', symbol: 'LUSD', decimals: 6 } as const
/** What each test account starts with. */
export const solanaTestAccountFunding = { sol: 1000n, lusd: 10_000n } as const
/** The faucet's balance at start (it pays airdrops). */
const faucetSol = 500_000n
const lamportsPerSol = 1_000_000_000n

/**
 * Funds the faucet (the chain's one genesis credit), then through ordinary signed transactions
 * (indexed like any other): SOL to each test account, the LUSD mint, each account's associated
 * token account and its LUSD.
 */
export async function seedSolanaChain(chain: SolanaChain, keys: SolanaDevnetKeys): Promise<void> {
  const faucet = keys.faucet.signer
  const credited = chain.svm.airdrop(faucet.address, lamports(faucetSol * lamportsPerSol))
  if (!credited || credited instanceof FailedTransactionMetadata) {
    throw new DevnetError('The Solana devnet could not fund its faucet.', {
      metaMessages: [String(credited)],
    })
  }
  const send = (instructions: Instruction[]) => sendSeedTransaction(chain, faucet, instructions)
  await send(
    keys.accounts.map((account) =>
      getTransferSolInstruction({
        source: faucet,
        destination: account.signer.address,
        amount: solanaTestAccountFunding.sol * lamportsPerSol,
      }),
    ),
  )
  const mint = keys.mint.signer
  const mintAuthority = keys.mintAuthority.signer
  await send([
    getCreateAccountInstruction({
      payer: faucet,
      newAccount: mint,
      lamports: chain.svm.minimumBalanceForRentExemption(BigInt(getMintSize())),
      space: getMintSize(),
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({
      mint: mint.address,
      decimals: latchUsd.decimals,
      mintAuthority: mintAuthority.address,
      freezeAuthority: null,
    }),
  ])
  for (const account of keys.accounts) {
    const create = await getCreateAssociatedTokenIdempotentInstructionAsync({
      payer: faucet,
      owner: account.signer.address,
      mint: mint.address,
    })
    const ata = create.accounts[1].address
    await send([
      create,
      getMintToInstruction({
        mint: mint.address,
        token: ata,
        mintAuthority,
        amount: solanaTestAccountFunding.lusd * 10n ** BigInt(latchUsd.decimals),
      }),
    ])
  }
}

async function sendSeedTransaction(
  chain: SolanaChain,
  payer: KeyPairSigner,
  instructions: Instruction[],
) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(chain.getLatestBlockhash() as never, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  try {
    chain.sendTransaction(new Uint8Array(getTransactionEncoder().encode(signed)), {
      preflight: true,
    })
  } catch (error) {
    throw new DevnetError('A Solana devnet setup transaction failed.', { cause: error })
  }
}
