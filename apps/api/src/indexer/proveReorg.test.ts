import { type Hex, numberToHex, type PublicClient } from 'viem'
import { expect, test } from 'vitest'
import type { Checkpoint } from './createIndexerStore.ts'
import { proveReorg } from './proveReorg.ts'

type Block = { number: number; hash: Hex; parentHash: Hex }

/** A chain of `length` blocks whose hashes carry `branch` from block `from` on. */
function chainOf(length: number, branch = 'a', from = 0): Block[] {
  const hash = (number: number) =>
    `0x${(number >= from ? branch : 'a').repeat(2)}${number.toString(16).padStart(62, '0')}` as Hex
  return Array.from({ length }, (_, number) => ({
    number,
    hash: hash(number),
    parentHash: number === 0 ? (`0x${'0'.repeat(64)}` as Hex) : hash(number - 1),
  }))
}

/**
 * A client answering `eth_getBlockByNumber` from the nodes given, one after the other per
 * request (a balancer), with null above a node's head: the RPC side of the proof, injected.
 */
function clientOf(...nodes: Block[][]): PublicClient {
  let turn = 0
  return {
    async request({ method, params }: { method: string; params: [Hex, boolean] }) {
      if (method !== 'eth_getBlockByNumber') throw new Error(`Unexpected ${method}.`)
      const node = nodes[turn++ % nodes.length] as Block[]
      const block = node[Number(params[0])]
      return block ? { ...block, number: numberToHex(block.number) } : null
    },
  } as unknown as PublicClient
}

const indexed = chainOf(20)
const kept = indexed.slice(5).map(({ number, hash }) => ({ number, hash }))
const checkpoint: Checkpoint = {
  blockNumber: 19,
  blockHash: indexed[19]?.hash as Hex,
  startBlock: 0,
  genesisHash: indexed[0]?.hash as Hex,
}
const prove = (client: PublicClient) => proveReorg(client, { chainId: 1, blocks: kept, checkpoint })

test('a branch linked from a kept block up to the checkpoint proves a reorg', async () => {
  // Blocks 17.. replaced; the new branch is longer than the index.
  const reorged = [...indexed.slice(0, 17), ...chainOf(22, 'b', 17).slice(17)]
  expect(await prove(clientOf(reorged))).toEqual(kept.find((block) => block.number === 16))
})

test('a same-height branch proves a reorg of the tip', async () => {
  const reorged = [...indexed.slice(0, 19), ...chainOf(20, 'b', 19).slice(19)]
  expect((await prove(clientOf(reorged))).number).toBe(18)
})

test('a missing block proves nothing (a lagging node)', async () => {
  await expect(prove(clientOf(indexed.slice(0, 12)))).rejects.toThrowErrorMatchingInlineSnapshot(
    `
    [ReorgUnprovenError: The RPC of chain eip155:1 disagrees with the indexed blocks without proving a reorg: it answered no block 12.
    Retrying later; nothing indexed is deleted.]
  `,
  )
})

test('two nodes on different branches behind a balancer prove nothing', async () => {
  const other = [...indexed.slice(0, 10), ...chainOf(25, 'c', 10).slice(10)]
  await expect(prove(clientOf(indexed, other))).rejects.toThrow(/without proving a reorg/)
  await expect(prove(clientOf(other, indexed))).rejects.toThrow(/without proving a reorg/)
})

test('the indexed tip back on the chain proves nothing', async () => {
  await expect(prove(clientOf(indexed))).rejects.toThrow(
    /it holds the indexed block 19 after all\.$/m,
  )
})

test('no kept block on the chain is a deep reorg: nothing to roll back to', async () => {
  const other = [...indexed.slice(0, 3), ...chainOf(25, 'd', 3).slice(3)]
  await expect(prove(clientOf(other))).rejects.toThrowErrorMatchingInlineSnapshot(
    `
    [DeepReorgError: Chain eip155:1 no longer holds any indexed block from block 5 on, yet its genesis is unchanged.
    A reorg deeper than the kept blocks (keepBlocks), or an RPC on another branch: indexing waits, nothing is deleted.]
  `,
  )
})
