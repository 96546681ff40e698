import type { StartIndexerReturnType } from '../startIndexer.ts'
import { waitFor } from './waitFor.ts'

/** Waits until the (first chain's) indexer has written `block`, or fails after `timeoutMs`. */
export async function waitForIndexedBlock(
  indexer: Pick<StartIndexerReturnType, 'status'>,
  block: number | bigint,
  { timeoutMs }: { timeoutMs?: number } = {},
): Promise<void> {
  await waitFor(() => (indexer.status()[0]?.indexedBlock ?? -1) >= block, {
    message: `block ${block} indexed`,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  })
}
