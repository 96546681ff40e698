import { asc, count, eq, sql } from 'drizzle-orm'
import type { Hex } from 'viem'
import { expect, test } from 'vitest'
import { indexerAccountTransactions, indexerTransactions } from '../db/schema/index.ts'
import { forEachDatabase } from '../db/testing.ts'
import { CheckpointMovedError } from '../errors/indexer.ts'
import { createIndexerStore, toArrayLiteral, toCopyText } from './createIndexerStore.ts'
import { type BlockRangeData, zeroAddress } from './fetchBlockRange.ts'

const chainId = 31_337
const hex = (n: number, bytes: number) => `0x${n.toString(16).padStart(bytes * 2, '0')}` as Hex
const token = hex(0xaa, 20)

/**
 * Blocks `from..to` with `perBlock` ERC-20 transfers each, every one from its own sender to its
 * own recipient (two history rows per transaction): many rows, as a busy range writes them.
 */
function range(from: number, to: number, perBlock: number): BlockRangeData {
  const data: BlockRangeData = { blocks: [], transactions: [], transfers: [] }
  for (let number = from; number <= to; number++) {
    data.blocks.push({
      number,
      hash: hex(1_000_000 + number, 32),
      parentHash: hex(1_000_000 + number - 1, 32),
      timestamp: 1_700_000_000 + number,
    })
    for (let index = 0; index < perBlock; index++) {
      const id = number * 100_000 + index
      const hash = hex(id, 32)
      const at = { blockNumber: number, txIndex: index, blockTimestamp: 1_700_000_000 + number }
      data.transactions.push({
        hash,
        ...at,
        from: hex(2_000_000 + id, 20),
        to: token,
        createdContract: null,
        nonce: id,
        value: 0n,
        methodId: '0xa9059cbb',
        status: 'confirmed',
      })
      data.transfers.push({
        txHash: hash,
        logIndex: index,
        ...at,
        kind: 'erc20',
        contract: token,
        from: hex(2_000_000 + id, 20),
        to: hex(3_000_000 + id, 20),
        amount: 10n ** 30n + BigInt(id),
        tokenId: null,
      })
    }
  }
  return data
}

forEachDatabase('createIndexerStore bulk writes', (context) => {
  test('a range of more rows than one INSERT takes is written whole, once, in one transaction', async () => {
    const store = createIndexerStore(context.db, { chainId })
    const countRows = async () => {
      const [transactions] = await context.db
        .select({ rows: count() })
        .from(indexerTransactions)
        .where(eq(indexerTransactions.chainId, chainId))
      const [accounts] = await context.db
        .select({ rows: count() })
        .from(indexerAccountTransactions)
        .where(eq(indexerAccountTransactions.chainId, chainId))
      return {
        transfers: await store.countTransfers(),
        transactions: transactions?.rows,
        accounts: accounts?.rows,
      }
    }

    // 11,000 rows per table (past the 10,000 rows one INSERT takes), 22,000 history rows.
    const first = range(0, 1, 5_500)
    // The event loop's turns while the range is written: PGlite, which runs in this thread,
    // writes in steps with a turn before each (24 here), so the RPC answers of the ranges read
    // ahead are handled meanwhile.
    let turns = 0
    let writing = true
    const tick = () => {
      if (!writing) return
      turns++
      setImmediate(tick)
    }
    setImmediate(tick)
    const checkpoint = await store
      .writeBlockRange({
        expected: undefined,
        startBlock: 0,
        data: first,
        keepBlocks: 1_000,
      })
      .finally(() => {
        writing = false
      })
    expect(turns).toBeGreaterThanOrEqual(context.dialect === 'pglite' ? 24 : 1)
    expect(checkpoint.blockNumber).toBe(1)
    expect(await countRows()).toEqual({ transfers: 11_000, transactions: 11_000, accounts: 22_000 })
    const [last] = await context.db
      .select()
      .from(indexerTransactions)
      .where(eq(indexerTransactions.hash, hex(105_499, 32)))
    expect(last).toMatchObject({
      blockNumber: 1,
      txIndex: 5_499,
      nonce: 105_499,
      status: 'confirmed',
    })

    // From a checkpoint that is no longer the stored one: refused, and nothing of it is kept.
    const next = range(2, 3, 500)
    await expect(
      store.writeBlockRange({ expected: undefined, startBlock: 0, data: next, keepBlocks: 1_000 }),
    ).rejects.toBeInstanceOf(CheckpointMovedError)
    expect(await countRows()).toEqual({ transfers: 11_000, transactions: 11_000, accounts: 22_000 })

    // Rows already there (a range read again after a restart) are kept once.
    const overlapping: BlockRangeData = {
      blocks: next.blocks,
      transactions: [...first.transactions.slice(-5), ...next.transactions],
      transfers: [...first.transfers.slice(-5), ...next.transfers],
    }
    await store.writeBlockRange({
      expected: checkpoint,
      startBlock: 0,
      data: overlapping,
      keepBlocks: 1_000,
    })
    expect(await countRows()).toEqual({ transfers: 12_000, transactions: 12_000, accounts: 24_000 })
    expect((await store.getCheckpoint())?.blockNumber).toBe(3)
  }, 60_000)
})

forEachDatabase('createIndexerStore rollback', (context) => {
  test('a rollback drops the history rows of the dropped blocks, and only those', async () => {
    const otherChainId = chainId + 1
    const store = createIndexerStore(context.db, { chainId: otherChainId })
    const accountRows = () =>
      context.db
        .select({
          account: indexerAccountTransactions.account,
          tx: indexerAccountTransactions.txHash,
        })
        .from(indexerAccountTransactions)
        .where(eq(indexerAccountTransactions.chainId, otherChainId))
        .orderBy(asc(indexerAccountTransactions.account), asc(indexerAccountTransactions.txHash))
    const kept = range(0, 1, 3)
    const dropped = range(2, 3, 3)
    // An account in both: a kept transaction's sender receives tokens in a dropped block.
    const shared = (kept.transactions[0] as BlockRangeData['transactions'][0]).from
    dropped.transfers[0] = {
      ...(dropped.transfers[0] as BlockRangeData['transfers'][0]),
      to: shared,
    }
    // A dropped payment of the native coin: its recipient's only history row goes too.
    const payment = dropped.transactions[1] as BlockRangeData['transactions'][0]
    payment.value = 5n
    dropped.transfers.push({
      txHash: payment.hash,
      logIndex: -1,
      blockNumber: payment.blockNumber,
      txIndex: payment.txIndex,
      blockTimestamp: payment.blockTimestamp,
      kind: 'native',
      contract: zeroAddress,
      from: payment.from,
      to: hex(4_000_000, 20),
      amount: 5n,
      tokenId: null,
    })
    const checkpoint = await store.writeBlockRange({
      expected: undefined,
      startBlock: 0,
      data: kept,
      keepBlocks: 1_000,
    })
    const before = await accountRows()
    expect(before).toHaveLength(12)
    await store.writeBlockRange({
      expected: checkpoint,
      startBlock: 0,
      data: dropped,
      keepBlocks: 1_000,
    })
    // Two rows per dropped transaction, and the payment's recipient.
    expect(await accountRows()).toHaveLength(25)
    await store.rollback({ number: 1, hash: checkpoint.blockHash })
    expect(await accountRows()).toEqual(before)
    expect(await store.countTransfers()).toBe(6)
    // One index: the page order as the key (migrations 0016 and 0017).
    const indexes = await context.db.execute(
      sql`SELECT indexname FROM pg_indexes WHERE tablename = 'indexer_account_transactions'`,
    )
    expect(indexes.rows.map((row) => row.indexname)).toEqual([
      'indexer_account_transactions_page_key',
    ])
  }, 60_000)
})

forEachDatabase('createIndexerStore array parameters', (context) => {
  test('an array literal reads back as the values written, quotes and backslashes included', async () => {
    const values = ['0xab', null, 'a"b\\c', '', 'NULL', '{x,y}']
    const result = await context.db.execute(
      sql`SELECT ${toArrayLiteral(values, 0, values.length)}::text[] AS texts, ${toArrayLiteral([1, 2, 3], 1, 3)}::integer[] AS numbers`,
    )
    expect(result.rows[0]).toEqual({ texts: values, numbers: [2, 3] })
  })
})

test('COPY text: tab-separated, \\N for null, backslash, tab and line breaks escaped', () => {
  const text = toCopyText(
    [
      ['text', ['0xab', null, 'a\\b\tc\nd\re']],
      ['bigint', [1, 2, 3]],
    ],
    0,
    3,
  )
  expect(text).toBe('0xab\t1\n\\N\t2\na\\\\b\\tc\\nd\\re\t3\n')
  expect(toCopyText([['integer', [1, 2, 3]]], 1, 3)).toBe('2\n3\n')
  // A string is escaped whatever its column's SQL type.
  expect(toCopyText([['numeric', ['1\t2', null]]], 0, 2)).toBe('1\\t2\n\\N\n')
})
