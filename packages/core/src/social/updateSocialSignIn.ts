import type { LatchConfig, SocialSignInState } from '../createLatchConfig.ts'
import type { SocialProvider } from '../options/createLatchOptions.ts'

/** Starts a social sign-in attempt in the config's state; returns its identity. */
export function startSocialSignIn(
  config: LatchConfig,
  provider: SocialProvider,
  status: SocialSignInState['status'] = 'pending',
): object {
  const attempt = {}
  config._internal.setState((state) => ({
    ...state,
    socialSignIn: { provider, status, attempt },
  }))
  return attempt
}

/** Whether `attempt` is still the one in progress (not cancelled, not replaced). */
export function isSocialSignInCurrent(config: LatchConfig, attempt: object): boolean {
  return config.getState().socialSignIn?.attempt === attempt
}

/** Changes the attempt's state, if it is still the current one. */
export function updateSocialSignIn(
  config: LatchConfig,
  attempt: object,
  next: Partial<Omit<SocialSignInState, 'attempt' | 'provider'>> | undefined,
): void {
  if (!isSocialSignInCurrent(config, attempt)) return
  config._internal.setState((state) => ({
    ...state,
    socialSignIn:
      next === undefined || !state.socialSignIn ? undefined : { ...state.socialSignIn, ...next },
  }))
}
