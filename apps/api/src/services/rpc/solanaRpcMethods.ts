import { isAddress } from '@solana/kit'
import { z } from 'zod'

/** A base58 account address (32 bytes). */
const pubkey = z
  .string()
  .max(44)
  .refine((value) => isAddress(value), 'expected a base58 Solana address')
/** A base58 transaction signature (64 bytes). */
const signature = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'expected a base58 transaction signature')
/**
 * A wire transaction or message, base58 or base64: a transaction is at most 1232 bytes, so
 * 2000 characters hold it in either encoding.
 */
const wire = z
  .string()
  .min(1, 'expected an encoded transaction')
  .max(2000, 'expected an encoded transaction of at most 1232 bytes')
  .regex(/^[0-9A-Za-z+/=]+$/, 'expected base58 or base64')
const commitment = z.enum(['processed', 'confirmed', 'finalized']).optional()
const minContextSlot = z.number().int().nonnegative().optional()
const slotConfig = z.looseObject({ commitment, minContextSlot }).optional()
const accountEncoding = z.enum(['base58', 'base64', 'base64+zstd', 'jsonParsed']).optional()
const accountConfig = z
  .looseObject({
    commitment,
    minContextSlot,
    encoding: accountEncoding,
    dataSlice: z
      .strictObject({
        offset: z.number().int().nonnegative(),
        length: z.number().int().nonnegative(),
      })
      .optional(),
  })
  .optional()
const transactionEncoding = z.enum(['base58', 'base64']).optional()

/** A method's params: a tuple, trailing config objects optional. */
type Params = z.ZodType<readonly unknown[]>

/**
 * The Solana JSON-RPC methods the API relays (issue 16), with the params each takes: what the
 * page, `@solana/kit`'s client and wallets read and send. Everything else is -32601: the
 * program-wide scans (`getProgramAccounts`, `getLargestAccounts`), block and ledger dumps,
 * subscriptions, and node internals. `requestAirdrop` only where the network allows it (the
 * devnet's own chain), never on a public cluster through the API.
 */
const readMethods: [string, Params][] = [
  ['getBalance', z.tuple([pubkey, slotConfig])],
  ['getTokenAccountBalance', z.tuple([pubkey, slotConfig])],
  ['getAccountInfo', z.tuple([pubkey, accountConfig])],
  ['getMultipleAccounts', z.tuple([z.array(pubkey).min(1).max(100), accountConfig])],
  ['getLatestBlockhash', z.tuple([slotConfig])],
  ['getSlot', z.tuple([slotConfig])],
  ['getBlockHeight', z.tuple([slotConfig])],
  ['getGenesisHash', z.tuple([])],
  [
    'getMinimumBalanceForRentExemption',
    z.tuple([
      z
        .number()
        .int()
        .nonnegative()
        .max(10 * 1024 * 1024),
      z.looseObject({ commitment }).optional(),
    ]),
  ],
  ['getFeeForMessage', z.tuple([wire, slotConfig])],
  [
    'simulateTransaction',
    z.tuple([
      wire,
      z
        .looseObject({
          encoding: transactionEncoding,
          sigVerify: z.boolean().optional(),
          replaceRecentBlockhash: z.boolean().optional(),
          commitment,
          minContextSlot,
          innerInstructions: z.boolean().optional(),
          accounts: z
            .strictObject({ addresses: z.array(pubkey).max(64), encoding: accountEncoding })
            .optional(),
        })
        .optional(),
    ]),
  ],
  [
    'sendTransaction',
    z.tuple([
      wire,
      z
        .looseObject({
          encoding: transactionEncoding,
          skipPreflight: z.boolean().optional(),
          preflightCommitment: commitment,
          maxRetries: z.number().int().nonnegative().max(100).optional(),
          minContextSlot,
        })
        .optional(),
    ]),
  ],
  [
    'getSignatureStatuses',
    z.tuple([
      z.array(signature).min(1).max(256),
      z.looseObject({ searchTransactionHistory: z.boolean().optional() }).optional(),
    ]),
  ],
  [
    'getTokenAccountsByOwner',
    z.tuple([
      pubkey,
      z.union(
        [z.strictObject({ mint: pubkey }), z.strictObject({ programId: pubkey })],
        'expected { mint } or { programId }',
      ),
      accountConfig,
    ]),
  ],
  [
    'getSignaturesForAddress',
    z.tuple([
      pubkey,
      z
        .looseObject({
          commitment,
          minContextSlot,
          limit: z.number().int().min(1).max(1000).optional(),
          before: signature.optional(),
          until: signature.optional(),
        })
        .optional(),
    ]),
  ],
  [
    'getTransaction',
    z.tuple([
      signature,
      z
        .looseObject({
          commitment,
          encoding: z.enum(['json', 'jsonParsed', 'base58', 'base64']).optional(),
          maxSupportedTransactionVersion: z.number().int().min(0).max(255).optional(),
        })
        .optional(),
    ]),
  ],
]

const airdrop: [string, Params] = [
  'requestAirdrop',
  z.tuple([pubkey, z.number().int().positive().max(Number.MAX_SAFE_INTEGER), slotConfig]),
]

const solanaMethods = new Map(readMethods)
const solanaMethodsWithAirdrop = new Map([...readMethods, airdrop])

/** The allow-list for one Solana network: `requestAirdrop` only when `airdrop` is set. */
export function solanaRpcMethods({
  airdrop,
}: {
  airdrop: boolean
}): ReadonlyMap<string, z.ZodType<readonly unknown[]>> {
  return airdrop ? solanaMethodsWithAirdrop : solanaMethods
}

/** The Solana methods that change the chain: each counts as a write in the rate limits. */
export const solanaWriteMethods: ReadonlySet<string> = new Set([
  'sendTransaction',
  'requestAirdrop',
])
