import { shortenAddress } from '../account/shortenAddress.ts'
import { WalletIcon } from '../connect/WalletIcon.tsx'
import { useMessages } from '../hooks/useMessages.ts'

export type ApproveTransactionProps = {
  walletName: string
  walletIcon: string | undefined
  /** 'approving': waiting for the wallet's signature; 'confirming': sent, awaiting the receipt. */
  status: 'approving' | 'confirming'
  /** What is sent, e.g. "1.5 LUSD". */
  amount: string
  /** The receiver as the person typed it: a name, or an address (shortened here). */
  to: string
}

/**
 * The ApproveTransaction view (spec section 2): "Approve in {wallet}" while the wallet is
 * asked, then "Waiting for confirmation…" until the transaction is mined, with what is sent
 * and to whom. The flow that opened it leaves it when the transaction ends.
 */
export function ApproveTransaction(props: ApproveTransactionProps) {
  const { t } = useMessages()
  const approving = props.status === 'approving'
  const to = /^0x[0-9a-fA-F]{40}$/.test(props.to) ? shortenAddress(props.to) : props.to
  return (
    <div className="latch-connecting latch-approve" data-testid="approve-transaction">
      <div className="latch-connecting__logo is-pending">
        <WalletIcon name={props.walletName} src={props.walletIcon} size={64} />
      </div>
      <div role="status" className="latch-approve__status">
        <h3 className="latch-connecting__title" data-testid="approve-transaction-title">
          {approving
            ? t('transaction.approveIn', { wallet: props.walletName })
            : t('transaction.confirming')}
        </h3>
        {approving ? (
          <p className="latch-connecting__text">{t('transaction.approveText')}</p>
        ) : null}
      </div>
      <div className="latch-approve__summary" data-testid="approve-transaction-summary">
        <span className="latch-approve__amount" dir="ltr">
          {props.amount}
        </span>
        <span className="latch-approve__to" title={props.to}>
          {t('activity.to', { address: to })}
        </span>
      </div>
    </div>
  )
}
