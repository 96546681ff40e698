import '../i18n/laterMessages.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { RegisterAccountNameSuccessView } from './RegisterAccountNameSuccessView.tsx'

/** RegisterAccountNameSuccess: Done goes back to where the registration started (or closes). */
export default function RegisterAccountNameSuccessContainer() {
  const { router, history } = useConnectModal()
  return (
    <RegisterAccountNameSuccessView name={history.at(-1)?.accountName ?? ''} onDone={router.back} />
  )
}
