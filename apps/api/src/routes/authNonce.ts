import type { NonceResponse } from '@latch/api-contract'
import { Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { TooManyNoncesError } from '../errors/rateLimit.ts'
import { createSignInNonce } from '../services/sessions/createSignInNonce.ts'
import type { SessionStore } from '../stores/sessions/sessionStore.ts'

/**
 * `POST /v1/auth/nonce`: a fresh nonce for the project's next sign-in message (single use,
 * 10 minutes). The project id comes in the query, `X-Project-Id` or the JSON body.
 */
export function authNonceRoute(deps: {
  sessions: SessionStore
  /** Unused, unexpired nonces one project may hold (LATCH_MAX_PENDING_NONCES). */
  maxPendingNonces?: number | undefined
}) {
  return new Hono<AppEnv>().post('/auth/nonce', async (c) => {
    const { nonce } = await createSignInNonce(deps, { projectId: c.get('project').id }).catch(
      (error: unknown) => {
        if (error instanceof TooManyNoncesError)
          c.header('Retry-After', String(error.retryAfterSeconds))
        throw error
      },
    )
    // A nonce is for one caller once: never cached anywhere.
    c.header('Cache-Control', 'no-store')
    return c.json({ nonce } satisfies NonceResponse)
  })
}
