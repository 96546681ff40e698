import {
  type SocialCallbackMessage,
  socialCallbackFragmentKey,
  socialCallbackSchema,
} from '@latch/api-contract'
import type { EmbeddedWalletStore } from '../../stores/embeddedWallet/embeddedWalletStore.ts'

/** Where the callback page sends the provider's answer. */
export type SocialCallbackTarget = {
  mode: 'popup' | 'redirect'
  /** The page that opened the popup: the message's only target origin. */
  appOrigin: string
  message: SocialCallbackMessage
  /** Without an opener: `returnUrl#latch-social=<search>`. */
  fallbackUrl: string
}

/**
 * The flow the provider's redirect names by its `state`, looked up without being used (the
 * frame uses it when it verifies): undefined for an unknown, used or expired flow, or a query
 * string that is not a callback.
 */
export async function findSocialCallback(
  deps: { store: EmbeddedWalletStore; now: () => Date },
  { search }: { search: string },
): Promise<SocialCallbackTarget | undefined> {
  const parsed = socialCallbackSchema.safeParse(search)
  if (!parsed.success) return undefined
  const state = new URLSearchParams(search).get('state')
  if (!state || state.length > 256) return undefined
  const flow = await deps.store.getSocialFlow(state)
  if (
    flow?.kind !== 'oauth' ||
    flow.usedAt ||
    flow.expiresAt.getTime() <= deps.now().getTime() ||
    !flow.appOrigin ||
    !flow.returnUrl
  )
    return undefined
  const fallback = new URL(flow.returnUrl)
  fallback.hash = `${socialCallbackFragmentKey}=${encodeURIComponent(search)}`
  return {
    mode: flow.mode === 'redirect' ? 'redirect' : 'popup',
    appOrigin: flow.appOrigin,
    message: { type: 'latch:social:callback', state, search },
    fallbackUrl: fallback.href,
  }
}
