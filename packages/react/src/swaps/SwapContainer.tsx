import { LatchQueryProvider } from '../query/LatchQueryProvider.tsx'
import { SwapView } from './SwapView.tsx'
import { useSwapForm } from './useSwapForm.ts'

/** The Swap view wired to core's swap flow (the lazily loaded part of `swapRoute`). */
export default function SwapContainer() {
  return (
    <LatchQueryProvider>
      <SwapForm />
    </LatchQueryProvider>
  )
}

function SwapForm() {
  return <SwapView {...useSwapForm()} />
}
