import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import {
  type AuthUser,
  type EmailVerifyResponse,
  embeddedSessionTtlMs,
  type SocialVerifyBody,
} from '@latch/api-contract'
import {
  IdentityTakenError,
  ProviderNotConfiguredError,
  ProviderUnavailableError,
  SocialDeniedError,
  SocialExpiredError,
  SocialStateMismatchError,
} from '../../errors/socialSignIn.ts'
import type {
  EmbeddedSessionRecord,
  EmbeddedUserRecord,
  SocialFlowRecord,
} from '../../stores/embeddedWallet/embeddedWalletStore.ts'
import { consumeHourlyLimits } from '../embeddedWallet/consumeHourlyLimits.ts'
import { hashSessionToken } from '../embeddedWallet/createSecretHasher.ts'
import { toAuthUser } from '../embeddedWallet/toAuthUser.ts'
import type { SocialSignInDeps } from './socialSignInDeps.ts'

export type VerifySocialSignInParameters = SocialVerifyBody & {
  ip: string
  /** The signed-in user and session (the Bearer header), asked only to finish a link. */
  signedIn: () => Promise<{ user: EmbeddedUserRecord; session: EmbeddedSessionRecord }>
}

/**
 * Finishes a social sign-in from the frame that started it: the flow by the callback's state,
 * bound to this project, device, provider and flow secret (compared in constant time), unused
 * and not expired; it is used (single use) before the provider is asked. Then the code is
 * traded (openid-client checks state, PKCE, and for OIDC the ID token and its nonce), the
 * person is read, and a session opens for the provider's stable subject: a new user for a new
 * subject, whatever email it reports. A link flow adds the identity to the signed-in user.
 */
export async function verifySocialSignIn(
  deps: SocialSignInDeps,
  { ip, signedIn, ...body }: VerifySocialSignInParameters,
): Promise<EmailVerifyResponse | AuthUser> {
  if (deps.limitIps)
    await consumeHourlyLimits(deps, [
      {
        key: `social-verify:ip:${ip}`,
        limit: deps.socialLimits.verifiesPerIpPerHour,
        what: 'sign-in checks from this address',
      },
    ])
  const provider = deps.providers[body.provider]
  if (!provider) throw new ProviderNotConfiguredError({ provider: body.provider })
  const params = new URLSearchParams(body.callback)
  const state = params.get('state')
  const flow = state ? await deps.store.getSocialFlow(state) : undefined
  if (!flow || !belongsToFrame(flow, body)) throw new SocialStateMismatchError()
  const now = deps.now()
  if (flow.usedAt || flow.expiresAt.getTime() <= now.getTime()) throw new SocialExpiredError()
  // A link finishes only in the session of the user who started it.
  const linking = flow.linkUserId === null ? undefined : await signedIn()
  if (linking && linking.user.id !== flow.linkUserId) throw new SocialStateMismatchError()
  if (!(await deps.store.useSocialFlow({ id: flow.id, now }))) throw new SocialExpiredError()

  const error = params.get('error')
  if (error === 'access_denied') throw new SocialDeniedError({ provider: body.provider })
  if (error !== null)
    throw new ProviderUnavailableError({
      provider: body.provider,
      cause: new Error(`The provider answered error=${error.slice(0, 60)}.`),
    })
  if (!flow.codeVerifier) throw new SocialStateMismatchError()
  const profile = await provider.finish({
    search: body.callback,
    checks: { state: flow.id, nonce: flow.nonce, codeVerifier: flow.codeVerifier },
  })
  const identity = {
    provider: body.provider,
    subject: profile.subject,
    username: profile.username,
    email: profile.email,
  }

  if (linking) {
    const linked = await deps.store.linkIdentity({
      identity: { ...identity, userId: linking.user.id },
      now,
    })
    if (linked === 'taken') throw new IdentityTakenError({ provider: body.provider })
    return toAuthUser(deps, linking.user, linking.session)
  }

  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + embeddedSessionTtlMs)
  const { user } = await deps.store.signInWithIdentity({
    identity,
    newUserId: randomUUID(),
    deviceId: body.deviceId,
    projectId: body.projectId,
    session: { id: randomUUID(), tokenHash: hashSessionToken(token), expiresAt },
    now,
    maxDevices: deps.limits.devicesPerUser,
    maxSessions: deps.limits.sessionsPerUser,
  })
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    user: await toAuthUser(deps, user, { method: body.provider, identitySubject: profile.subject }),
  }
}

/** Whether the flow was started by this frame: project, device, provider and secret. */
function belongsToFrame(flow: SocialFlowRecord, body: SocialVerifyBody): boolean {
  const secretHash = Buffer.from(
    createHash('sha256').update(body.flowSecret, 'utf8').digest('hex'),
    'utf8',
  )
  const stored = Buffer.from(flow.flowSecretHash, 'utf8')
  const secretMatches = stored.length === secretHash.length && timingSafeEqual(stored, secretHash)
  return (
    secretMatches &&
    flow.kind === 'oauth' &&
    flow.provider === body.provider &&
    flow.deviceId === body.deviceId &&
    flow.projectId === body.projectId
  )
}
