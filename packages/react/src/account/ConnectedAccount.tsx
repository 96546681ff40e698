import { formatAmount } from '@latch/core'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useAccount } from '../hooks/useAccount.ts'
import { useBalance } from '../hooks/useBalance.ts'
import { useDisconnect } from '../hooks/useDisconnect.ts'
import { type AccountBalance, AccountView } from './AccountView.tsx'

/** `AccountView` wired to the connected account, its balance and disconnect. */
export function ConnectedAccount() {
  const account = useAccount()
  const balance = useBalance({ address: account.address, chainId: account.chainId })
  const { disconnect, isPending, error } = useDisconnect()
  if (!account.address) return null

  const balanceView: AccountBalance = balance.data
    ? {
        status: 'success',
        amount: formatAmount(balance.data.numeric, { fractionDigits: 3 }),
        symbol: balance.data.symbol,
      }
    : balance.error && !balance.isFetching
      ? { status: 'error', message: getErrorMessage(balance.error) }
      : { status: 'pending' }

  return (
    <AccountView
      address={account.address}
      networkName={account.network?.name ?? `Chain ${account.chainId ?? 'unknown'}`}
      balance={balanceView}
      walletName={account.connector?.name}
      walletIcon={account.connector?.icon || undefined}
      onDisconnect={disconnect}
      onRetryBalance={() => void balance.refetch()}
      disconnecting={isPending}
      error={error ? getErrorMessage(error) : undefined}
    />
  )
}
