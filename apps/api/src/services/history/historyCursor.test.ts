import { expect, test } from 'vitest'
import { decodeHistoryCursor, encodeHistoryCursor } from './historyCursor.ts'

test('a cursor reads back as the position it was made from', () => {
  const position = { blockTimestamp: 1_767_225_600, chainId: 31337, blockNumber: 42, txIndex: 3 }
  const cursor = encodeHistoryCursor(position)
  expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
  expect(decodeHistoryCursor(cursor)).toEqual(position)
})

test('anything else is "Invalid cursor."', () => {
  for (const cursor of ['', 'nope', '!!!', Buffer.from('v2.1.2.3.4').toString('base64url')])
    expect(() => decodeHistoryCursor(cursor)).toThrowErrorMatchingInlineSnapshot(
      `[InvalidCursorError: Invalid cursor.]`,
    )
})
