import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { matchesTokenSearch, SwapTokenPickerView } from './SwapTokenPickerView.tsx'
import { SwapView, type SwapViewProps } from './SwapView.tsx'
import { getSwapMessages } from './swapMessages.ts'

const ts = getSwapMessages('en')
const lusd = { address: 'eip155:31337:0x1', symbol: 'LUSD', name: 'Latch USD', balance: '100.000' }
const alpha = {
  address: 'eip155:31337:0x2',
  symbol: 'ALPHA',
  name: 'Alpha Token',
  balance: '0.000',
}
const noop = () => {}

function render(props: Partial<SwapViewProps>): string {
  return renderToStaticMarkup(
    <SwapView
      ts={ts}
      from={lusd}
      to={alpha}
      onPick={noop}
      onFlip={noop}
      amount="10"
      onAmountChange={noop}
      onMax={noop}
      receive="4.95"
      receivePending={false}
      slippage={1}
      onSlippageChange={noop}
      action={{ label: 'Swap', disabled: false, busy: false }}
      onAction={noop}
      {...props}
    />,
  )
}

describe('SwapView', () => {
  it('labels every control and shows the quote figures', () => {
    const html = render({
      details: {
        rate: '1 LUSD = 0.495 ALPHA',
        priceImpact: '0.10%',
        networkFee: '0.0003 ETH',
        minimumReceived: '4.9 ALPHA',
      },
    })
    expect(html).toContain('aria-label="Amount to pay"')
    expect(html).toContain('aria-label="Amount to receive"')
    expect(html).toContain('aria-label="Token to pay with: LUSD"')
    expect(html).toContain('aria-label="Token to receive: ALPHA"')
    expect(html).toContain('aria-label="Switch the tokens"')
    expect(html).toContain('aria-label="Custom slippage tolerance, in percent"')
    expect(html).toContain('<legend class="latch-field__label">Slippage tolerance</legend>')
    expect(html).toContain('aria-pressed="true" data-testid="swap-slippage-1"')
    expect(html).toContain('Balance: 100.000 LUSD')
    expect(html).toContain('1 LUSD = 0.495 ALPHA')
    expect(html).toContain('Minimum received')
    expect(html).not.toContain('swap-warning')
    expect(html).not.toContain('swap-approval')
  })

  it('a reason on the button, the price impact warning, the approval choice', () => {
    const blocked = render({
      action: {
        label: ts('issue.insufficientBalance', { symbol: 'LUSD' }),
        disabled: true,
        busy: false,
      },
    })
    expect(blocked).toMatch(/disabled="".*>Insufficient LUSD balance<\/button>/)
    const warned = render({ warning: ts('highImpact', { percent: '7.50%' }) })
    expect(warned).toContain(
      'role="alert" data-testid="swap-warning">Price impact 7.50%: you get much less than the tokens are worth.',
    )
    const approving = render({
      approval: { choice: 'exact', onChoice: noop },
      action: { label: ts('approve', { symbol: 'LUSD' }), disabled: false, busy: false },
    })
    expect(approving).toContain('Allow the swap to use')
    expect(approving).toContain('checked="" value="exact"')
    expect(approving).toContain('>Approve LUSD</button>')
  })

  it('an unavailable network shows only why', () => {
    const html = render({ unavailable: ts('issue.networkNotSupported') })
    expect(html).toContain('Network not supported for Swaps')
    expect(html).not.toContain('swap-amount')
  })

  it('speaks Spanish and Arabic', () => {
    expect(getSwapMessages('es')('issue.insufficientBalance', { symbol: 'LUSD' })).toBe(
      'Saldo de LUSD insuficiente',
    )
    expect(getSwapMessages('ar')('swap')).toBe('مبادلة')
  })
})

describe('SwapTokenPickerView', () => {
  it('lists the tokens with balances; search matches symbol, name or address', () => {
    const html = renderToStaticMarkup(
      <SwapTokenPickerView
        ts={ts}
        tokens={[lusd, alpha]}
        selected={lusd.address}
        onSelect={noop}
      />,
    )
    expect(html).toContain('aria-label="Search token"')
    expect(html).toContain('data-testid="swap-token-LUSD" aria-current="true"')
    expect(html).toContain('Alpha Token')
    expect(matchesTokenSearch(alpha, 'alp')).toBe(true)
    expect(matchesTokenSearch(alpha, 'token')).toBe(true)
    expect(matchesTokenSearch(lusd, 'alpha')).toBe(false)
    expect(matchesTokenSearch(lusd, '0x1')).toBe(true)
  })
})
