import { useMessages } from '../hooks/useMessages.ts'
import { PanelMessage, SkeletonRows } from './PanelStates.tsx'
import { TokenIcon } from './TokenIcon.tsx'

/** One row of the Tokens tab, formatted. */
export type TokenRowView = {
  id: string
  name: string
  symbol: string
  /** The amount to 3 decimals, e.g. "1,000.500". */
  amount: string
  /** The fiat value to 2 decimals with its currency, when the price is known. */
  value?: string | undefined
  iconUrl?: string | undefined
}

export type TokenListProps = {
  state:
    | { status: 'pending' }
    | { status: 'error'; message: string; onRetry?: (() => void) | undefined }
    | { status: 'success'; tokens: readonly TokenRowView[]; total?: string | undefined }
}

/** The Tokens tab: icon, name, symbol, amount and value per token (highest value first), total. */
export function TokenList(props: TokenListProps) {
  const { t } = useMessages()
  const { state } = props
  if (state.status === 'pending') return <SkeletonRows count={4} />
  if (state.status === 'error')
    return (
      <PanelMessage
        tone="error"
        text={state.message}
        action={state.onRetry ? { label: t('account.retry'), onClick: state.onRetry } : undefined}
      />
    )
  if (state.tokens.length === 0) return <PanelMessage text={t('tokens.empty')} />
  return (
    <>
      <ul className="latch-rows" data-testid="token-list">
        {state.tokens.map((token) => (
          <li key={token.id} className="latch-row" data-testid={`token-${token.symbol}`}>
            <TokenIcon symbol={token.symbol} url={token.iconUrl} />
            <span className="latch-row__main">
              <span className="latch-row__title" dir="auto">
                {token.name}
              </span>
              <span className="latch-row__sub">{token.symbol}</span>
            </span>
            <span className="latch-row__end">
              <span className="latch-row__amount" dir="ltr" data-testid="token-amount">
                {token.amount}
              </span>
              {token.value ? (
                <span className="latch-row__sub" data-testid="token-value" dir="ltr">
                  {token.value}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {state.total ? (
        <p className="latch-rows__total">
          <span>{t('account.totalBalance')}</span>
          <span data-testid="tokens-total" dir="ltr">
            {state.total}
          </span>
        </p>
      ) : null}
    </>
  )
}
