import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import {
  embeddedSessionTtlMs,
  type FarcasterVerifyBody,
  type FarcasterVerifyResponse,
} from '@latch/api-contract'
import {
  FarcasterInvalidError,
  SocialExpiredError,
  SocialStateMismatchError,
} from '../../errors/socialSignIn.ts'
import { consumeHourlyLimits } from '../embeddedWallet/consumeHourlyLimits.ts'
import { hashSessionToken } from '../embeddedWallet/createSecretHasher.ts'
import { toAuthUser } from '../embeddedWallet/toAuthUser.ts'
import { checkFarcasterMessage } from './checkFarcasterMessage.ts'
import type { FarcasterSignInDeps } from './farcasterSignInDeps.ts'
import { hashKey } from './startFarcasterSignIn.ts'

/**
 * One poll of a Farcaster sign-in, from the frame that started it: checks the flow (same
 * project and device, the secret whose hash it holds, unused, under 10 minutes), asks the
 * relay; `pending` until the Farcaster client signed; then checks the signed message
 * (`checkFarcasterMessage`), spends the flow (single use) and signs in with the FID as the
 * identity's subject (a new user on first sign-in), answering a session as email's does.
 */
export async function verifyFarcasterSignIn(
  deps: FarcasterSignInDeps,
  { body, projectId, ip }: { body: FarcasterVerifyBody; projectId: string; ip: string },
): Promise<FarcasterVerifyResponse> {
  const flow = await deps.store.getSocialFlow(body.channelId)
  if (
    flow?.kind !== 'farcaster' ||
    flow.projectId !== projectId ||
    flow.deviceId !== body.deviceId ||
    !flow.channelToken ||
    !flow.nonce ||
    !matchesSecretHash(body.flowSecret, flow.flowSecretHash)
  )
    throw new SocialStateMismatchError()
  const now = deps.now()
  if (flow.usedAt !== null || flow.expiresAt.getTime() <= now.getTime())
    throw new SocialExpiredError()
  await consumeHourlyLimits(deps, [
    {
      key: `farcaster-poll:flow:${hashKey(flow.id)}`,
      limit: deps.farcasterLimits.pollsPerFlowPerHour,
      what: 'checks of this Farcaster sign-in',
    },
    ...(deps.limitIps
      ? [
          {
            key: `farcaster-poll:ip:${ip}`,
            limit: deps.farcasterLimits.pollsPerIpPerHour,
            what: 'Farcaster sign-in checks from this address',
          },
        ]
      : []),
  ])

  const status = await deps.relay.channelStatus(flow.channelToken)
  if (status.state === 'pending') return { status: 'pending' }

  const auth = new URL(deps.authUrl)
  try {
    await checkFarcasterMessage(deps, {
      message: status.message,
      signature: status.signature as `0x${string}`,
      fid: status.fid,
      domain: auth.host,
      uri: auth.origin,
      nonce: flow.nonce,
      now,
    })
  } catch (error) {
    // A channel signed wrongly never becomes right: the flow is spent, the frame starts again.
    if (error instanceof FarcasterInvalidError) await deps.store.useSocialFlow({ id: flow.id, now })
    throw error
  }
  // Single use: of two polls racing past the check, one signs in.
  if (!(await deps.store.useSocialFlow({ id: flow.id, now }))) throw new SocialExpiredError()

  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + embeddedSessionTtlMs)
  const subject = String(status.fid)
  const { user } = await deps.store.signInWithIdentity({
    identity: {
      provider: 'farcaster',
      subject,
      username: status.username ? status.username.slice(0, 64) : null,
      email: null,
    },
    newUserId: randomUUID(),
    deviceId: body.deviceId,
    projectId,
    session: { id: randomUUID(), tokenHash: hashSessionToken(token), expiresAt },
    now,
    maxDevices: deps.limits.devicesPerUser,
    maxSessions: deps.limits.sessionsPerUser,
  })
  return {
    status: 'completed',
    token,
    expiresAt: expiresAt.toISOString(),
    user: await toAuthUser(deps, user, { method: 'farcaster', identitySubject: subject }),
  }
}

/** Whether SHA-256 (hex) of the secret is `stored`, compared in constant time. */
function matchesSecretHash(secret: string, stored: string): boolean {
  const actual = createHash('sha256').update(secret, 'utf8').digest()
  const expected = Buffer.from(stored, 'hex')
  return expected.length === actual.length && timingSafeEqual(actual, expected)
}
