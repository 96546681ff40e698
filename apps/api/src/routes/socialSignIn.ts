import { socialStartBodySchema, socialVerifyBodySchema } from '@latch/api-contract'
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { noStore } from '../middleware/noStore.ts'
import { rateLimitClientIp } from '../middleware/rateLimitClientIp.ts'
import { requireProject } from '../middleware/requireProject.ts'
import { authenticate } from '../services/embeddedWallet/authenticate.ts'
import { findSocialCallback } from '../services/socialSignIn/findSocialCallback.ts'
import type { SocialSignInDeps } from '../services/socialSignIn/socialSignInDeps.ts'
import { startSocialSignIn } from '../services/socialSignIn/startSocialSignIn.ts'
import { verifySocialSignIn } from '../services/socialSignIn/verifySocialSignIn.ts'
import type { ProjectStore } from '../stores/projectStore.ts'
import { parseJsonBody } from './parseJsonBody.ts'
import {
  renderSocialCallbackInvalidPage,
  renderSocialCallbackPage,
  socialCallbackPageCsp,
  socialCallbackScript,
} from './socialCallbackPage.ts'

/**
 * Social sign-in (`/auth/v1/social/...`): the frame starts a flow and finishes it; the
 * provider's redirect lands on the callback page, which hands its query string back to the
 * app (popup message or redirect) without using the flow. With `Authorization: Bearer` and
 * `link: true` a signed-in user links the provider instead.
 */
export function socialSignInRoute(
  deps: SocialSignInDeps & { projects: ProjectStore; trustProxyHops: number },
) {
  const ip = (c: Context<AppEnv>) => rateLimitClientIp(c, deps.trustProxyHops)
  const project = requireProject(deps.projects)
  const pageHeaders = (c: Context<AppEnv>) => {
    c.header('Content-Security-Policy', socialCallbackPageCsp)
    c.header('X-Frame-Options', 'DENY')
    c.header('Referrer-Policy', 'no-referrer')
    c.header('X-Content-Type-Options', 'nosniff')
  }
  return new Hono<AppEnv>()
    .use(noStore)
    .post('/start', project, async (c) => {
      const body = parseJsonBody(socialStartBodySchema, await c.req.text())
      const signedIn = body.link
        ? await authenticate(deps, { authorization: c.req.header('authorization') })
        : undefined
      const current = c.get('project')
      return c.json(
        await startSocialSignIn(deps, {
          body: { ...body, projectId: current.id },
          project: current,
          ip: ip(c),
          linkUserId: signedIn?.user.id ?? null,
        }),
      )
    })
    .post('/verify', project, async (c) => {
      const body = parseJsonBody(socialVerifyBodySchema, await c.req.text())
      return c.json(
        await verifySocialSignIn(deps, {
          ...body,
          projectId: c.get('project').id,
          ip: ip(c),
          // Asked only for a link flow: a sign-in needs no session.
          signedIn: () => authenticate(deps, { authorization: c.req.header('authorization') }),
        }),
      )
    })
    .get('/callback', async (c) => {
      const search = new URL(c.req.url).search
      const target = await findSocialCallback(deps, { search })
      pageHeaders(c)
      if (!target) return c.html(renderSocialCallbackInvalidPage(), 400)
      // Redirect mode too answers the page, whose script goes back to the app: a 303 would
      // end the provider's form redirect chain on the app, which its CSP form-action may block.
      return c.html(renderSocialCallbackPage(target))
    })
    .get('/callback.js', (c) => {
      c.header('Content-Type', 'text/javascript; charset=utf-8')
      c.header('X-Content-Type-Options', 'nosniff')
      return c.body(socialCallbackScript)
    })
}
