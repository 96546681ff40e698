import type { Hex } from 'viem'
import { expect, test } from 'vitest'
import { planFullBlocks, planReceipts } from './planBlockRange.ts'

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Hex
const header = (number: number, transactions: number) => ({
  number,
  hash: hash(1_000 + number),
  transactions: Array.from({ length: transactions }, (_, index) => hash(number * 1_000 + index)),
})

test('full blocks: only blocks with transactions, batched by transaction count', () => {
  const headers = [
    header(10, 0),
    header(11, 300),
    header(12, 0),
    header(13, 300),
    header(14, 500),
    header(15, 1_500),
    header(16, 1),
  ]
  expect(planFullBlocks(headers, 1_000)).toEqual([[11, 13], [14], [15], [16]])
  expect(planFullBlocks([header(1, 0), header(2, 0)], 1_000)).toEqual([])
  expect(planFullBlocks(headers, 1)).toEqual([[11], [13], [14], [15], [16]])
})

test('receipts: none for transactions a Transfer log proves succeeded', () => {
  const token = address(0xaa)
  const blocks = [
    {
      hash: hash(1),
      transactions: [
        { hash: hash(11), to: token },
        { hash: hash(12), to: token },
      ],
    },
  ]
  const plan = planReceipts({
    blocks,
    withTransferLogs: new Set([hash(11), hash(12)]),
    blockReceipts: true,
  })
  expect(plan).toEqual({ blocks: [], transactions: [] })
})

test('receipts: a contract creation always, a transaction without a Transfer log for its status', () => {
  const plan = planReceipts({
    blocks: [
      {
        hash: hash(1),
        transactions: [
          // ERC-20 transfer: covered by its log.
          { hash: hash(11), to: address(0xaa) },
          // A creation that minted in its constructor: still needs the created address.
          { hash: hash(12), to: null },
          // A payment (or an approve, or a reverted call): no Transfer log says it succeeded.
          { hash: hash(13), to: address(0xbb) },
          { hash: hash(14), to: address(0xaa) },
          { hash: hash(15), to: address(0xaa) },
        ],
      },
    ],
    withTransferLogs: new Set([hash(11), hash(12), hash(14), hash(15)]),
    blockReceipts: true,
  })
  expect(plan).toEqual({ blocks: [], transactions: [hash(12), hash(13)] })
})

test('receipts: a block where most transactions need one is read whole, when the RPC can', () => {
  const blocks = [
    {
      hash: hash(1),
      transactions: [
        { hash: hash(11), to: address(0xbb) },
        { hash: hash(12), to: address(0xbb) },
        { hash: hash(13), to: address(0xaa) },
      ],
    },
    // One transaction needing a receipt is read alone (one call either way).
    { hash: hash(2), transactions: [{ hash: hash(21), to: address(0xbb) }] },
  ]
  const withTransferLogs = new Set([hash(13)])
  expect(planReceipts({ blocks, withTransferLogs, blockReceipts: true })).toEqual({
    blocks: [hash(1)],
    transactions: [hash(21)],
  })
  expect(planReceipts({ blocks, withTransferLogs, blockReceipts: false })).toEqual({
    blocks: [],
    transactions: [hash(11), hash(12), hash(21)],
  })
})
