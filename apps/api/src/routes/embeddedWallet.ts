import {
  createWalletBodySchema,
  emailStartBodySchema,
  emailVerifyBodySchema,
  exportVerifyBodySchema,
  updateEmailBodySchema,
  updateEmailOtpBodySchema,
} from '@latch/api-contract'
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { noStore } from '../middleware/noStore.ts'
import { rateLimitClientIp } from '../middleware/rateLimitClientIp.ts'
import { requireProject } from '../middleware/requireProject.ts'
import { approveDevice } from '../services/embeddedWallet/approveDevice.ts'
import { authenticate } from '../services/embeddedWallet/authenticate.ts'
import { createWallet } from '../services/embeddedWallet/createWallet.ts'
import type { EmbeddedWalletServiceDeps } from '../services/embeddedWallet/embeddedWalletDeps.ts'
import { startExport, verifyExport } from '../services/embeddedWallet/exportKey.ts'
import { startEmailSignIn } from '../services/embeddedWallet/startEmailSignIn.ts'
import { toAuthUser } from '../services/embeddedWallet/toAuthUser.ts'
import {
  startEmailUpdate,
  verifyEmailUpdatePrimary,
  verifyEmailUpdateSecondary,
} from '../services/embeddedWallet/updateEmail.ts'
import { verifyEmailSignIn } from '../services/embeddedWallet/verifyEmailSignIn.ts'
import type { ProjectStore } from '../stores/projectStore.ts'
import { deviceApprovedPageCsp, renderDeviceApprovedPage } from './deviceApprovedPage.ts'
import { parseJsonBody } from './parseJsonBody.ts'

/**
 * The embedded wallet's auth API (`/auth/v1/...`), called by the secure frame only (the
 * origin check is in front of it): sign-in by email with a one-time code, device approval,
 * the bearer session, the wallet's stored shares, email change, export codes and sign-out.
 */
export function embeddedWalletRoute(
  deps: EmbeddedWalletServiceDeps & {
    projects: ProjectStore
    /** Trusted proxies in front of the API (LATCH_TRUST_PROXY_HOPS), for the client IP. */
    trustProxyHops: number
  },
) {
  const ip = (c: Context<AppEnv>) => rateLimitClientIp(c, deps.trustProxyHops)
  const signedIn = (c: Context<AppEnv>) =>
    authenticate(deps, { authorization: c.req.header('authorization') })
  const project = requireProject(deps.projects)
  return (
    new Hono<AppEnv>()
      // Nothing here may be cached: codes, tokens and shares.
      .use(noStore)
      .post('/email/start', project, async (c) => {
        const body = parseJsonBody(emailStartBodySchema, await c.req.text())
        return c.json(await startEmailSignIn(deps, { ...body, ip: ip(c) }))
      })
      .post('/email/verify', project, async (c) => {
        const body = parseJsonBody(emailVerifyBodySchema, await c.req.text())
        return c.json(
          await verifyEmailSignIn(deps, { ...body, projectId: c.get('project').id, ip: ip(c) }),
        )
      })
      .get('/device/approve', async (c) => {
        const outcome = await approveDevice(deps, { token: c.req.query('token') ?? '' })
        c.header('Content-Security-Policy', deviceApprovedPageCsp)
        c.header('X-Frame-Options', 'DENY')
        c.header('Referrer-Policy', 'no-referrer')
        c.header('X-Content-Type-Options', 'nosniff')
        // A page for a person, whatever happened (it says so): refusals of the API are JSON.
        return c.html(renderDeviceApprovedPage(outcome))
      })
      .get('/user', async (c) => {
        const { user, session } = await signedIn(c)
        return c.json(await toAuthUser(deps, user, session))
      })
      .post('/wallet', async (c) => {
        const { user, session } = await signedIn(c)
        const wallet = parseJsonBody(createWalletBodySchema, await c.req.text())
        return c.json(await createWallet(deps, { user, session, wallet }))
      })
      .post('/email/update', async (c) => {
        const { user } = await signedIn(c)
        const { email } = parseJsonBody(updateEmailBodySchema, await c.req.text())
        return c.json(await startEmailUpdate(deps, { user, email, ip: ip(c) }))
      })
      .post('/email/update/primary', async (c) => {
        const { user } = await signedIn(c)
        const { otp } = parseJsonBody(updateEmailOtpBodySchema, await c.req.text())
        return c.json(await verifyEmailUpdatePrimary(deps, { user, otp, ip: ip(c) }))
      })
      .post('/email/update/secondary', async (c) => {
        const { user, session } = await signedIn(c)
        const { otp } = parseJsonBody(updateEmailOtpBodySchema, await c.req.text())
        return c.json(await verifyEmailUpdateSecondary(deps, { user, session, otp, ip: ip(c) }))
      })
      .post('/export/start', async (c) => {
        const { user } = await signedIn(c)
        await startExport(deps, { user, ip: ip(c) })
        return c.json({ ok: true as const })
      })
      .post('/export/verify', async (c) => {
        const { user } = await signedIn(c)
        const { otp } = parseJsonBody(exportVerifyBodySchema, await c.req.text())
        await verifyExport(deps, { user, otp, ip: ip(c) })
        return c.json({ ok: true as const })
      })
      .post('/signout', async (c) => {
        const { session } = await signedIn(c)
        await deps.store.revokeSession({ id: session.id, now: deps.now() })
        return c.json({ ok: true as const })
      })
  )
}
