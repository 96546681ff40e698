import {
  createSignInFlow,
  type LatchConfig,
  type SignInFlow,
  type SignInFlowState,
} from '@latch/core'
import { useEffect, useState, useSyncExternalStore } from 'react'

/**
 * One sign-in attempt for this view (the page's host and origin, the app's name), prepared
 * on mount: nonce, then the message to show.
 */
export function useSignInFlow(config: LatchConfig): { flow: SignInFlow; state: SignInFlowState } {
  const [flow] = useState(() =>
    createSignInFlow(config, {
      domain: window.location.host,
      uri: window.location.origin,
      appName: config.options.appName,
    }),
  )
  const state = useSyncExternalStore(flow.subscribe, flow.getState, flow.getState)
  useEffect(() => {
    if (flow.getState().status === 'idle') void flow.prepare()
  }, [flow])
  return { flow, state }
}
