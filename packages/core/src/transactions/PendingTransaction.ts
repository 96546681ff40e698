import type { Hex } from '../types.ts'

/** A transaction sent through Latch whose receipt is not known yet (kept across reloads). */
export type PendingTransaction = {
  readonly hash: Hex
  readonly chainId: number
  /** The sender's address. */
  readonly from: string
  /** The receiver (or its name), for the Activity entry. */
  readonly to?: string | undefined
  /** What moved, for the Activity entry and the toast: "1.5" and "LUSD". */
  readonly amount?: string | undefined
  readonly symbol?: string | undefined
  /** When the wallet broadcast it, ms since the epoch. */
  readonly submittedAt: number
}

/** A pending transaction's outcome; `via: 'send'` when the sender's own receipt wait saw it. */
export type SettledTransaction = PendingTransaction & {
  readonly status: 'confirmed' | 'failed'
  readonly via: 'send' | 'check'
}

/** Keeps a stored or given entry's known fields; undefined when the hash or chain is missing. */
export function toPendingTransaction(value: unknown): PendingTransaction | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const entry = value as Record<string, unknown>
  if (typeof entry.hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(entry.hash)) return undefined
  if (!Number.isSafeInteger(entry.chainId) || (entry.chainId as number) <= 0) return undefined
  if (typeof entry.from !== 'string' || typeof entry.submittedAt !== 'number') return undefined
  const text = (field: string) =>
    typeof entry[field] === 'string' && entry[field] ? { [field]: entry[field] as string } : {}
  return {
    hash: entry.hash as Hex,
    chainId: entry.chainId as number,
    from: entry.from,
    submittedAt: entry.submittedAt,
    ...text('to'),
    ...text('amount'),
    ...text('symbol'),
  }
}
