import { socialCallbackMessageSchema } from '@latch/api-contract'
import type { Scheduler } from '../types.ts'
import type { SocialMessageEventLike, SocialPopupLike, SocialWindowLike } from './socialWindow.ts'

/** How often the page looks whether the person closed the popup, in ms. */
export const socialPopupPollMs = 500

export type WaitForSocialCallbackParameters = {
  window: SocialWindowLike
  popup: SocialPopupLike
  /** The API's origin: its callback page posts the provider's answer from there. */
  apiOrigin: string
  /** The flow's `state`, from the authorization URL; a message with another is not ours. */
  state: string | undefined
  scheduler: Scheduler
  /** The attempt was cancelled (Cancel, Back, the modal closed). */
  isCancelled(): boolean
  timeoutMs: number
}

export type WaitForSocialCallbackReturnType =
  | { type: 'callback'; search: string }
  | { type: 'closed' }
  | { type: 'timeout' }

/**
 * Waits for the callback page in the popup to post the provider's answer
 * (`socialCallbackMessageSchema`), accepted only from the popup's window, from the API's
 * origin and with this flow's `state`; everything else is ignored. Ends early when the person
 * closes the popup or cancels (then the page closes it), or when the flow expires.
 */
export function waitForSocialCallback(
  parameters: WaitForSocialCallbackParameters,
): Promise<WaitForSocialCallbackReturnType> {
  const { window, popup, scheduler } = parameters
  return new Promise((resolve) => {
    let timer: unknown
    let done = false
    function finish(outcome: WaitForSocialCallbackReturnType) {
      if (done) return
      done = true
      scheduler.clearTimeout(timer)
      window.removeEventListener?.('message', onMessage)
      resolve(outcome)
    }
    function onMessage(event: SocialMessageEventLike) {
      if (event.source !== popup || event.origin !== parameters.apiOrigin) return
      const parsed = socialCallbackMessageSchema.safeParse(event.data)
      if (!parsed.success) return
      if (parameters.state !== undefined && parsed.data.state !== parameters.state) return
      finish({ type: 'callback', search: parsed.data.search })
    }
    let waited = 0
    function poll() {
      if (parameters.isCancelled()) {
        popup.close()
        return finish({ type: 'closed' })
      }
      // The callback page posts, then closes itself: its message may still be on its way.
      if (popup.closed) {
        timer = scheduler.setTimeout(() => finish({ type: 'closed' }), socialPopupPollMs)
        return
      }
      waited += socialPopupPollMs
      if (waited >= parameters.timeoutMs) {
        popup.close()
        return finish({ type: 'timeout' })
      }
      timer = scheduler.setTimeout(poll, socialPopupPollMs)
    }
    window.addEventListener?.('message', onMessage)
    timer = scheduler.setTimeout(poll, socialPopupPollMs)
  })
}
