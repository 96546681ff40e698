import type { ModalRoute } from '@latch/core'
import { Alert } from '../alerts/Alert.tsx'
import { EmailField } from './EmailField.tsx'
import { useEmailSignIn } from './useEmailSignIn.ts'

/** The Connect view's email method, wired: the field, its error or alert. */
export function EmailSignIn(props: { onNext(route: ModalRoute): void }) {
  const signIn = useEmailSignIn(props.onNext)
  return (
    <section className="latch-connect__email" data-testid="connect-email">
      {signIn.alert ? <Alert title={signIn.alert.title} text={signIn.alert.text} /> : null}
      <EmailField
        value={signIn.email}
        onChange={signIn.setEmail}
        onSubmit={signIn.submit}
        onIntent={signIn.preload}
        busy={signIn.busy}
        error={signIn.error}
      />
    </section>
  )
}
