import type { WalletCallsStatus } from '@latch/api-contract'

/** A batch's EIP-5792 status in words, with its transactions (for the status dialog). */
export function describeCallsStatus(status: WalletCallsStatus): { label: string; value: string }[] {
  const words = {
    100: 'Pending: not yet included',
    200: 'Confirmed: all calls succeeded',
    400: 'Failed: nothing was sent',
    500: 'Reverted: no call took effect',
    600: 'Partly reverted: some calls took effect',
  } as const
  return [
    { label: 'Status', value: words[status.status] },
    { label: 'Atomic', value: status.atomic ? 'Yes (all or nothing)' : 'No (one after the other)' },
    ...(status.receipts ?? []).map((receipt, index) => ({
      label: `Transaction ${index + 1}`,
      value: `${receipt.transactionHash} (${receipt.status === '0x1' ? 'succeeded' : 'reverted'})`,
    })),
  ]
}
