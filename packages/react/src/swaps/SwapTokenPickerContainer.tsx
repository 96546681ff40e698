import { toIntlLocale } from '../account/toIntlLocale.ts'
import { LatchQueryProvider } from '../query/LatchQueryProvider.tsx'
import { SwapTokenPickerView } from './SwapTokenPickerView.tsx'
import { useSwapFlow } from './useSwapFlow.ts'
import { toSwapTokenView } from './useSwapForm.ts'

/** The token picker wired to the Swap flow: the side being chosen, then back to Swap. */
export default function SwapTokenPickerContainer() {
  return (
    <LatchQueryProvider>
      <Picker />
    </LatchQueryProvider>
  )
}

function Picker() {
  const { ts, locale, flow, state, router } = useSwapFlow()
  const side = state.picking ?? 'to'
  const intlLocale = toIntlLocale(locale)
  return (
    <SwapTokenPickerView
      ts={ts}
      tokens={state.tokens.map((token) => toSwapTokenView(token, intlLocale))}
      selected={side === 'from' ? state.from : state.to}
      onSelect={(address) => {
        flow.setToken(side, address)
        router.back()
      }}
    />
  )
}
