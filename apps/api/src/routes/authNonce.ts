import type { NonceResponse } from '@latch/api-contract'
import { Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { createSignInNonce } from '../services/sessions/createSignInNonce.ts'
import type { SessionStore } from '../stores/sessions/sessionStore.ts'

/**
 * `POST /v1/auth/nonce`: a fresh nonce for the project's next sign-in message (single use,
 * 10 minutes). The project id comes in the query, `X-Project-Id` or the JSON body.
 */
export function authNonceRoute(deps: { sessions: SessionStore }) {
  return new Hono<AppEnv>().post('/auth/nonce', async (c) => {
    const { nonce } = await createSignInNonce(deps, { projectId: c.get('project').id })
    // A nonce is for one caller once: never cached anywhere.
    c.header('Cache-Control', 'no-store')
    return c.json({ nonce } satisfies NonceResponse)
  })
}
