import { SocialButtons } from './SocialButtons.tsx'
import type { UseSocialSignInReturnType } from './useSocialSignIn.ts'

/** The Connect view's social method, wired (`useSocialSignIn`). */
export function SocialSignIn(props: {
  signIn: UseSocialSignInReturnType
  disabled?: { describedBy: string } | undefined
}) {
  const { signIn } = props
  return (
    <SocialButtons
      providers={signIn.providers}
      onSelect={signIn.start}
      onIntent={signIn.preload}
      error={signIn.error}
      disabled={props.disabled}
    />
  )
}
