import { expect, test } from 'vitest'
import { createChainHead } from './createChainHead.ts'

/** A chain whose head the test moves, counting reads; `slow` holds the next read's answer. */
function fakeChain() {
  let block = 100n
  let reads = 0
  let gate: Promise<void> | undefined
  let open = () => {}
  return {
    read: async () => {
      reads++
      const answer = block
      const held = gate
      gate = undefined
      if (held) await held
      return answer
    },
    mine: (to = block + 1n) => {
      block = to
    },
    reads: () => reads,
    slow() {
      gate = new Promise((resolve) => {
        open = resolve
      })
    },
    answer: () => open(),
  }
}

test('recent: one read per ttl, shared by callers while it is under way', async () => {
  let clock = 0
  const chain = fakeChain()
  const head = createChainHead({ read: chain.read, ttlMs: 1_000, now: () => clock })
  expect(await Promise.all([head.recent(), head.recent(), head.recent()])).toEqual([
    100n,
    100n,
    100n,
  ])
  expect(chain.reads()).toBe(1)
  chain.mine()
  clock = 999
  expect(await head.recent()).toBe(100n)
  expect(chain.reads()).toBe(1)
  clock = 1_000
  expect(await head.recent()).toBe(101n)
  expect(chain.reads()).toBe(2)
})

test('current: a read of its own, after the call began, that also moves recent', async () => {
  const clock = 0
  const chain = fakeChain()
  const head = createChainHead({ read: chain.read, ttlMs: 1_000, now: () => clock })
  chain.slow()
  const under = head.recent()
  chain.mine()
  // A read under way started before the block: current does not join it.
  const now = await head.current()
  expect(now).toBe(101n)
  chain.answer()
  expect(await under).toBe(101n)
  expect(await head.recent()).toBe(101n)
  expect(chain.reads()).toBe(2)
})

test('a lagging node never moves the head back', async () => {
  let clock = 0
  const chain = fakeChain()
  const head = createChainHead({ read: chain.read, ttlMs: 1_000, now: () => clock })
  chain.mine(120n)
  expect(await head.current()).toBe(120n)
  chain.mine(118n)
  expect(await head.current()).toBe(120n)
  clock = 5_000
  expect(await head.recent()).toBe(120n)
})

test('a failed read is not kept: the next call reads again', async () => {
  let fail = true
  const head = createChainHead({
    read: async () => {
      if (fail) throw new Error('RPC down')
      return 7n
    },
    ttlMs: 1_000,
  })
  await expect(head.recent()).rejects.toThrow('RPC down')
  fail = false
  expect(await head.recent()).toBe(7n)
  expect(() => createChainHead({ read: async () => 1n, ttlMs: -1 })).toThrow(RangeError)
})
