import { expect, test } from 'vitest'
import type { LatchDb } from '../../db/createDatabase.ts'
import {
  indexerAccountTransactions,
  indexerTokens,
  indexerTransactions,
  indexerTransfers,
  nftMetadata,
} from '../../db/schema/index.ts'
import { forEachDatabase } from '../../db/testing.ts'
import { createIndexerStore } from '../../indexer/createIndexerStore.ts'
import { decodeHistoryCursor } from './historyCursor.ts'
import { type SelectHistoryPageParameters, selectHistoryPage } from './selectHistoryPage.ts'

const me = `0x${'a'.repeat(40)}`
const other = `0x${'b'.repeat(40)}`
const token = `0x${'c'.repeat(40)}`
const collection = `0x${'d'.repeat(40)}`
const zero = `0x${'0'.repeat(40)}`

type Tx = { chainId: number; block: number; txIndex: number; time: number; from?: string }
const hashOf = ({ chainId, block, txIndex }: Tx) =>
  `0x${chainId.toString(16).padStart(8, '0')}${block.toString(16).padStart(8, '0')}${txIndex.toString(16).padStart(48, '0')}`

/** Writes transactions of `me` as the indexer would: each with a native transfer to `other`. */
async function insert(db: LatchDb, txs: readonly Tx[]) {
  await db.insert(indexerTransactions).values(
    txs.map((tx) => ({
      chainId: tx.chainId,
      hash: hashOf(tx),
      blockNumber: tx.block,
      txIndex: tx.txIndex,
      blockTimestamp: tx.time,
      fromAddress: tx.from ?? me,
      toAddress: other,
      nonce: tx.txIndex,
      value: '1000',
      status: 'confirmed' as const,
    })),
  )
  await db.insert(indexerTransfers).values(
    txs.map((tx) => ({
      chainId: tx.chainId,
      txHash: hashOf(tx),
      logIndex: -1,
      blockNumber: tx.block,
      txIndex: tx.txIndex,
      kind: 'native' as const,
      contract: zero,
      fromAddress: tx.from ?? me,
      toAddress: other,
      amount: '1000',
    })),
  )
  await db.insert(indexerAccountTransactions).values(
    txs.flatMap((tx) =>
      [me, other].map((account) => ({
        account,
        chainId: tx.chainId,
        txHash: hashOf(tx),
        blockNumber: tx.block,
        txIndex: tx.txIndex,
        blockTimestamp: tx.time,
      })),
    ),
  )
}

/** Every page from the newest, following `next`, as `chainId:block:txIndex` keys. */
async function readAll(db: LatchDb, parameters: Partial<SelectHistoryPageParameters> = {}) {
  const keys: string[] = []
  let next: string | null = null
  let pages = 0
  do {
    const page = await selectHistoryPage(db, {
      account: me,
      chainIds: [1, 2],
      limit: 2,
      ...parameters,
      cursor: next ? decodeHistoryCursor(next) : undefined,
    })
    keys.push(...page.items.map((item) => `${item.chainId}:${item.blockNumber}:${item.txIndex}`))
    next = page.next
    if (++pages > 100) throw new Error('The pages never end.')
  } while (next)
  return keys
}

forEachDatabase('selectHistoryPage', (context) => {
  test('pages in the keyset order, ties broken by chain, block and index, none twice', async () => {
    const { db } = context
    await insert(db, [
      // Same second on two chains and in two blocks of one chain; two in one block.
      { chainId: 1, block: 10, txIndex: 0, time: 1000 },
      { chainId: 1, block: 10, txIndex: 7, time: 1000 },
      { chainId: 1, block: 11, txIndex: 2, time: 1000 },
      { chainId: 2, block: 5, txIndex: 1, time: 1000 },
      { chainId: 1, block: 12, txIndex: 0, time: 1012 },
      { chainId: 2, block: 3, txIndex: 4, time: 990 },
      { chainId: 1, block: 9, txIndex: 3, time: 988 },
    ])
    const expected = ['1:12:0', '2:5:1', '1:11:2', '1:10:7', '1:10:0', '2:3:4', '1:9:3']
    expect(await readAll(db)).toEqual(expected)
    for (const limit of [1, 3, 7, 100]) expect(await readAll(db, { limit })).toEqual(expected)
    // One chain only.
    expect(await readAll(db, { chainIds: [2] })).toEqual(['2:5:1', '2:3:4'])
    // The last page says so; a full last page as well.
    const all = await selectHistoryPage(db, { account: me, chainIds: [1, 2], limit: 7 })
    expect(all.next).toBeNull()
    expect(all.items).toHaveLength(7)
  })

  test('a block mined between two pages neither repeats nor skips an item', async () => {
    const { db } = context
    const first = await selectHistoryPage(db, { account: me, chainIds: [1, 2], limit: 3 })
    expect(first.next).not.toBeNull()
    await insert(db, [
      { chainId: 1, block: 13, txIndex: 0, time: 1024 },
      { chainId: 2, block: 6, txIndex: 0, time: 1025 },
    ])
    const rest = await readAll(db, { limit: 2 })
    expect(rest.slice(0, 2)).toEqual(['2:6:0', '1:13:0'])
    // Following the old cursor: exactly the items after page 1, as before the new block.
    let next = first.next
    const after: string[] = []
    while (next) {
      const page = await selectHistoryPage(db, {
        account: me,
        chainIds: [1, 2],
        limit: 2,
        cursor: decodeHistoryCursor(next),
      })
      after.push(...page.items.map((item) => `${item.chainId}:${item.blockNumber}:${item.txIndex}`))
      next = page.next
    }
    expect(
      first.items.map((item) => `${item.chainId}:${item.blockNumber}:${item.txIndex}`),
    ).toEqual(['1:12:0', '2:5:1', '1:11:2'])
    expect(after).toEqual(['1:10:7', '1:10:0', '2:3:4', '1:9:3'])
  })

  test('a reorg rollback drops the items above the ancestor; a cursor past them still works', async () => {
    const { db } = context
    const page = await selectHistoryPage(db, { account: me, chainIds: [1], limit: 2 })
    expect(page.items.map((item) => item.blockNumber)).toEqual([13, 12])
    // Chain 1 rolls back to block 10: blocks 11 to 13 are gone (the cursor's own item too).
    await createIndexerStore(db, { chainId: 1 }).rollback({
      number: 10,
      hash: `0x${'1'.repeat(64)}`,
    })
    expect(await readAll(db, { chainIds: [1] })).toEqual(['1:10:7', '1:10:0', '1:9:3'])
    const after = await selectHistoryPage(db, {
      account: me,
      chainIds: [1],
      limit: 10,
      cursor: page.next ? decodeHistoryCursor(page.next) : undefined,
    })
    expect(after.items.map((item) => `${item.blockNumber}:${item.txIndex}`)).toEqual([
      '10:7',
      '10:0',
      '9:3',
    ])
    expect(after.next).toBeNull()
    // Another branch mines block 11 anew: it is newer than the cursor, so not on later pages.
    await insert(db, [{ chainId: 1, block: 11, txIndex: 9, time: 1013 }])
    expect(await readAll(db, { chainIds: [1], limit: 1 })).toEqual([
      '1:11:9',
      '1:10:7',
      '1:10:0',
      '1:9:3',
    ])
    const again = await selectHistoryPage(db, {
      account: me,
      chainIds: [1],
      limit: 10,
      cursor: page.next ? decodeHistoryCursor(page.next) : undefined,
    })
    expect(again.items).toEqual(after.items)
  })

  test('each item comes with its transaction, the account’s transfers in log order and their assets', async () => {
    const { db } = context
    const tx = { chainId: 7, block: 1, txIndex: 0, time: 5000, from: other }
    const hash = hashOf(tx)
    await insert(db, [tx])
    await db.insert(indexerTokens).values([
      { chainId: 7, address: token, kind: 'erc20', name: 'Latch USD', symbol: 'LUSD', decimals: 6 },
      { chainId: 7, address: collection, kind: 'erc721', name: 'Lanterns' },
    ])
    await db.insert(nftMetadata).values([
      { chainId: 7, contract: collection, tokenId: '5', status: 'ok', name: 'Lantern #5' },
      { chainId: 7, contract: collection, tokenId: '6', status: 'failed', error: 'timeout' },
    ])
    const at = { chainId: 7, txHash: hash, blockNumber: 1, txIndex: 0 }
    await db.insert(indexerTransfers).values([
      {
        ...at,
        logIndex: 4,
        kind: 'erc721',
        contract: collection,
        fromAddress: other,
        toAddress: me,
        amount: '1',
        tokenId: '6',
      },
      {
        ...at,
        logIndex: 2,
        kind: 'erc20',
        contract: token,
        fromAddress: me,
        toAddress: other,
        amount: '2500000',
      },
      {
        ...at,
        logIndex: 3,
        kind: 'erc721',
        contract: collection,
        fromAddress: other,
        toAddress: me,
        amount: '1',
        tokenId: '5',
      },
      // Between two others: not the account's, so not on its page.
      {
        ...at,
        logIndex: 1,
        kind: 'erc20',
        contract: token,
        fromAddress: other,
        toAddress: other,
        amount: '9',
      },
    ])
    // An account row whose transaction row is missing still takes its place in the page.
    await db.insert(indexerAccountTransactions).values({
      account: me,
      chainId: 7,
      txHash: `0x${'e'.repeat(64)}`,
      blockNumber: 0,
      txIndex: 0,
      blockTimestamp: 4000,
    })
    const page = await selectHistoryPage(db, { account: me, chainIds: [7], limit: 5 })
    expect(page.items.map((item) => item.txHash)).toEqual([hash, `0x${'e'.repeat(64)}`])
    expect(page.transactions.map((row) => row.hash)).toEqual([hash])
    expect(page.transactions[0]?.fromAddress).toBe(other)
    // The native transfer (log -1) was from `other` to `other`: not the account's either.
    expect(page.transfers.map((row) => [row.logIndex, row.kind, row.amount])).toEqual([
      [2, 'erc20', '2500000'],
      [3, 'erc721', '1'],
      [4, 'erc721', '1'],
    ])
    expect(page.assets.tokens.get(`7:${token}`)).toMatchObject({ symbol: 'LUSD', decimals: 6 })
    expect(page.assets.tokens.get(`7:${collection}`)).toMatchObject({ name: 'Lanterns' })
    expect([...page.assets.nftNames]).toEqual([[`7:${collection}:5`, 'Lantern #5']])
    expect(page.next).toBeNull()
    // The sender filter (the on-ramp's funding accounts).
    const sent = await selectHistoryPage(db, {
      account: me,
      chainIds: [7],
      limit: 5,
      senders: [other],
    })
    expect(sent.items.map((item) => item.txHash)).toEqual([hash])
    const none = await selectHistoryPage(db, {
      account: me,
      chainIds: [7],
      limit: 5,
      senders: [me],
    })
    expect(none.items).toEqual([])
  })
})
