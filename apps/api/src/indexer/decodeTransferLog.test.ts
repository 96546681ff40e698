import { encodeAbiParameters, type Hex, pad } from 'viem'
import { expect, test } from 'vitest'
import { decodeTransferLog, transferTopic } from './decodeTransferLog.ts'

const from = '0x00000000000000000000000000000000000000a1'
const to = '0x00000000000000000000000000000000000000b2'
const topic = (address: Hex) => pad(address, { size: 32 })

test('three topics and a value is an ERC-20 transfer, four topics an ERC-721', () => {
  expect(
    decodeTransferLog({
      topics: [transferTopic, topic(from), topic(to)],
      data: encodeAbiParameters([{ type: 'uint256' }], [1234n]),
    }),
  ).toEqual({ kind: 'erc20', from, to, amount: 1234n })
  expect(
    decodeTransferLog({ topics: [transferTopic, topic(from), topic(to), pad('0x07')], data: '0x' }),
  ).toEqual({ kind: 'erc721', from, to, tokenId: 7n })
})

test('look-alike logs are skipped', () => {
  const value = encodeAbiParameters([{ type: 'uint256' }], [1n])
  // Another event, an ERC-20 without its value, an address topic with dirty high bytes.
  expect(decodeTransferLog({ topics: [pad('0x01'), topic(from), topic(to)], data: value })).toBe(
    undefined,
  )
  expect(decodeTransferLog({ topics: [transferTopic, topic(from), topic(to)], data: '0x' })).toBe(
    undefined,
  )
  expect(
    decodeTransferLog({
      topics: [transferTopic, `0xff${topic(from).slice(4)}`, topic(to)],
      data: value,
    }),
  ).toBe(undefined)
})
