import { useId, useState } from 'react'
import { TokenIcon } from '../account/TokenIcon.tsx'
import type { SwapTokenView } from './SwapView.tsx'
import type { SwapTranslate } from './swapMessages.ts'

export type SwapTokenPickerViewProps = {
  ts: SwapTranslate
  tokens: readonly SwapTokenView[]
  /** The token now chosen on this side. */
  selected: string | undefined
  onSelect(address: string): void
}

/** Whether a token matches a search: its symbol, name or address, case-insensitively. */
export function matchesTokenSearch(token: SwapTokenView, query: string): boolean {
  const text = query.trim().toLowerCase()
  if (!text) return true
  return (
    token.symbol.toLowerCase().includes(text) ||
    token.name.toLowerCase().includes(text) ||
    token.address.toLowerCase().endsWith(text)
  )
}

/**
 * The token picker of the Swap view: a search field, then every swappable token with its icon,
 * name and balance; choosing one goes back to Swap. Props in, callbacks out.
 */
export function SwapTokenPickerView(props: SwapTokenPickerViewProps) {
  const { ts } = props
  const id = useId()
  const [query, setQuery] = useState('')
  const shown = props.tokens.filter((token) => matchesTokenSearch(token, query))
  return (
    <div className="latch-swap-picker" data-testid="swap-token-picker">
      <input
        className="latch-send__input"
        data-testid="swap-token-search"
        data-autofocus
        type="search"
        autoComplete="off"
        spellCheck={false}
        aria-label={ts('search')}
        aria-controls={`${id}list`}
        placeholder={ts('search')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <ul id={`${id}list`} className="latch-swap-picker__list" aria-label={ts('tokens')}>
        {shown.map((token) => (
          <li key={token.address}>
            <button
              type="button"
              className="latch-swap-picker__token"
              data-testid={`swap-token-${token.symbol}`}
              aria-current={token.address === props.selected || undefined}
              onClick={() => props.onSelect(token.address)}
            >
              <TokenIcon symbol={token.symbol} url={token.iconUrl} size={32} />
              <span className="latch-swap-picker__names">
                <span className="latch-swap-picker__symbol">{token.symbol}</span>
                <span className="latch-swap-picker__name">{token.name}</span>
              </span>
              <span className="latch-swap-picker__balance" dir="ltr">
                {token.balance}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {shown.length === 0 ? (
        <p className="latch-field__hint" role="status" data-testid="swap-token-empty">
          {ts('noTokens')}
        </p>
      ) : null}
    </div>
  )
}
