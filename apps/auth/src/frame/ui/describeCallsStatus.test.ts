import { expect, test } from 'vitest'
import { describeCallsStatus } from './describeCallsStatus.ts'

test('a batch status in words, with each transaction', () => {
  const hash = `0x${'ab'.repeat(32)}`
  expect(
    describeCallsStatus({
      version: '2.0.0',
      id: '0x01',
      chainId: '0x7a69',
      status: 600,
      atomic: false,
      receipts: [
        {
          logs: [],
          status: '0x1',
          blockHash: hash,
          blockNumber: '0x1',
          gasUsed: '0x1',
          transactionHash: hash,
        },
        {
          logs: [],
          status: '0x0',
          blockHash: hash,
          blockNumber: '0x2',
          gasUsed: '0x1',
          transactionHash: hash,
        },
      ],
    }),
  ).toEqual([
    { label: 'Status', value: 'Partly reverted: some calls took effect' },
    { label: 'Atomic', value: 'No (one after the other)' },
    { label: 'Transaction 1', value: `${hash} (succeeded)` },
    { label: 'Transaction 2', value: `${hash} (reverted)` },
  ])
})
