import { LatchQueryProvider } from '../query/LatchQueryProvider.tsx'
import { BuyView } from './BuyView.tsx'
import { useBuyForm } from './useBuyForm.ts'

/**
 * The Buy view wired to the account and the modal (the lazily loaded part of `buyRoute`).
 * Like every lazily loaded view that queries, it brings its own `LatchQueryProvider`.
 */
export default function BuyContainer() {
  return (
    <LatchQueryProvider>
      <BuyForm />
    </LatchQueryProvider>
  )
}

function BuyForm() {
  return <BuyView {...useBuyForm()} />
}
