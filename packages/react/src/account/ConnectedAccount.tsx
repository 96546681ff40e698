import { formatAmount } from '@latch/core'
import { alerts, getAlertId } from '../alerts/alerts.ts'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useAccount } from '../hooks/useAccount.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useCopyToClipboard } from '../hooks/useCopyToClipboard.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { type AccountBalance, AccountView } from './AccountView.tsx'
import { useAccountBalance } from './useAccountBalance.ts'
import { useDisconnectAccount } from './useDisconnectAccount.ts'

export type ConnectedAccountProps = {
  /**
   * 'page' (default): the network button opens the modal on Networks. 'modal': this is the
   * modal's Account view; Networks is pushed on top and Disconnect closes the modal.
   */
  placement?: 'page' | 'modal' | undefined
}

/** `AccountView` wired to the connected account, its balance, the network picker and disconnect. */
export function ConnectedAccount(props: ConnectedAccountProps) {
  const inModal = props.placement === 'modal'
  const account = useAccount()
  const { t } = useMessages()
  const { router } = useConnectModal()
  const clipboard = useCopyToClipboard()
  const balance = useAccountBalance({ address: account.address, chainId: account.chainId })
  const disconnector = useDisconnectAccount({ onDisconnected: inModal ? router.close : undefined })
  if (!account.address) return null

  const balanceView: AccountBalance = balance.data
    ? {
        status: 'success',
        amount: formatAmount(balance.data.numeric, { fractionDigits: 3 }),
        symbol: balance.data.symbol,
      }
    : balance.error && !balance.isPending
      ? { status: 'error', message: getErrorMessage(balance.error, t) }
      : { status: 'pending' }
  const alertId = balance.error ? getAlertId(balance.error) : undefined
  const { address } = account

  return (
    <AccountView
      address={address}
      networkName={
        account.network?.name ?? t('account.unknownNetwork', { chainId: account.chainId ?? '?' })
      }
      chainId={account.chainId}
      balance={balanceView}
      walletName={account.connector?.name}
      walletIcon={account.connector?.icon || undefined}
      alert={
        alertId ? { title: t(alerts[alertId].title), text: t(alerts[alertId].text) } : undefined
      }
      onOpenNetworks={() =>
        inModal ? router.push({ view: 'Networks' }) : router.open({ view: 'Networks' })
      }
      onCopyAddress={() => clipboard.copy(address)}
      copied={clipboard.copied}
      onRetryBalance={balance.retry}
      onDisconnect={disconnector.disconnect}
      disconnecting={disconnector.isPending}
    />
  )
}
