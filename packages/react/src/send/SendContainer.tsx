import { LatchQueryProvider } from '../query/LatchQueryProvider.tsx'
import { SendView } from './SendView.tsx'
import { useSendForm } from './useSendForm.ts'

/**
 * The Send view wired to the account and the modal (the lazily loaded part of `sendRoute`).
 * Like every lazily loaded view that queries, it brings its own `LatchQueryProvider`.
 */
export default function SendContainer() {
  return (
    <LatchQueryProvider>
      <SendForm />
    </LatchQueryProvider>
  )
}

function SendForm() {
  return <SendView {...useSendForm()} />
}
