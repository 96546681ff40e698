import { InvalidCursorError } from '../../errors/history.ts'

/**
 * Where a history page ended: the last transaction's position in the page order (block time,
 * chain, block, index in the block), which names exactly one transaction. The next page starts
 * strictly after it, so blocks mined between two requests never shift or repeat items.
 */
export type HistoryCursor = {
  blockTimestamp: number
  chainId: number
  blockNumber: number
  txIndex: number
}

/** The opaque `next` of a page: base64url of the keyset, versioned. */
export function encodeHistoryCursor(cursor: HistoryCursor): string {
  const { blockTimestamp, chainId, blockNumber, txIndex } = cursor
  return Buffer.from(`v1.${blockTimestamp}.${chainId}.${blockNumber}.${txIndex}`).toString(
    'base64url',
  )
}

/** Reads a cursor from `encodeHistoryCursor`; anything else is an `InvalidCursorError` (400). */
export function decodeHistoryCursor(value: string): HistoryCursor {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(value)) throw new InvalidCursorError()
  const match = /^v1\.(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.(\d{1,9})$/.exec(
    Buffer.from(value, 'base64url').toString('latin1'),
  )
  if (!match) throw new InvalidCursorError()
  const [blockTimestamp, chainId, blockNumber, txIndex] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
  ]
  return { blockTimestamp, chainId, blockNumber, txIndex }
}
