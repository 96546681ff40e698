import { farcasterStartBodySchema, farcasterVerifyBodySchema } from '@latch/api-contract'
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { noStore } from '../middleware/noStore.ts'
import { rateLimitClientIp } from '../middleware/rateLimitClientIp.ts'
import { requireProject } from '../middleware/requireProject.ts'
import type { FarcasterSignInDeps } from '../services/farcasterSignIn/farcasterSignInDeps.ts'
import { startFarcasterSignIn } from '../services/farcasterSignIn/startFarcasterSignIn.ts'
import { verifyFarcasterSignIn } from '../services/farcasterSignIn/verifyFarcasterSignIn.ts'
import type { ProjectStore } from '../stores/projectStore.ts'
import { parseJsonBody } from './parseJsonBody.ts'

/**
 * Sign In With Farcaster for the embedded wallet (FIP-11), mounted at `/auth/v1/farcaster`
 * behind the auth-origin check: `POST /start` opens a relay channel for the frame, `POST
 * /verify` polls it and, once a Farcaster client signed, checks the message against the
 * IdRegistry and opens a session.
 *
 * Deps (built in serveApi / app.ts):
 * - `store`, `cipher`, `limits`, `hourly`, `limitIps`, `now`: as the email routes'.
 * - `relay`: `createFarcasterRelayClient({ relayUrl, fetch })`, `fetch` the API's guarded
 *   fetcher (`allowPrivateHosts` under the devnet, whose relay is on 127.0.0.1).
 * - `registry`: `createFarcasterIdRegistry({ rpcUrl, chainId, address })`.
 *   Both from `getFarcasterSettings({ config, manifest })` (undefined: do not mount).
 * - `authUrl`: LATCH_AUTH_URL (the SIWE domain is its host, the URI its origin).
 * - `farcasterLimits`: `defaultFarcasterSignInLimits` (or a test's).
 * - `projects`, `trustProxyHops`: as the email routes'.
 */
export function farcasterSignInRoute(
  deps: FarcasterSignInDeps & {
    projects: ProjectStore
    /** Trusted proxies in front of the API (LATCH_TRUST_PROXY_HOPS), for the client IP. */
    trustProxyHops: number
  },
) {
  const ip = (c: Context<AppEnv>) => rateLimitClientIp(c, deps.trustProxyHops)
  const project = requireProject(deps.projects)
  return (
    new Hono<AppEnv>()
      // Nothing here may be cached: channel URLs and session tokens.
      .use(noStore)
      .post('/start', project, async (c) => {
        const body = parseJsonBody(farcasterStartBodySchema, await c.req.text())
        return c.json(
          await startFarcasterSignIn(deps, { body, projectId: c.get('project').id, ip: ip(c) }),
        )
      })
      .post('/verify', project, async (c) => {
        const body = parseJsonBody(farcasterVerifyBodySchema, await c.req.text())
        return c.json(
          await verifyFarcasterSignIn(deps, { body, projectId: c.get('project').id, ip: ip(c) }),
        )
      })
  )
}
