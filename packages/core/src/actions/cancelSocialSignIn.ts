import type { LatchConfig } from '../createLatchConfig.ts'

/**
 * Gives up the social or Farcaster sign-in in progress (Cancel, Back, the modal closed), or
 * forgets the last one's failure: its popup closes and a late answer is ignored.
 */
export function cancelSocialSignIn(config: LatchConfig): void {
  if (config.getState().socialSignIn)
    config._internal.setState((state) => ({ ...state, socialSignIn: undefined }))
}
