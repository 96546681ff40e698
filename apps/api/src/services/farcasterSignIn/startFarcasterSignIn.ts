import { createHash, randomBytes } from 'node:crypto'
import {
  type FarcasterStartBody,
  type FarcasterStartResponse,
  socialFlowTtlMs,
} from '@latch/api-contract'
import { consumeHourlyLimits } from '../embeddedWallet/consumeHourlyLimits.ts'
import type { FarcasterSignInDeps } from './farcasterSignInDeps.ts'

/**
 * Starts a Sign In With Farcaster for the frame: opens a relay channel for the auth site (its
 * host as the SIWE domain, its origin as the URI) with a fresh nonce and a 10-minute expiry,
 * keeps the relay's channel token with the flow (bound to the frame's secret hash; the token
 * never leaves the API), and answers the channel's URL (QR code, deep link) and the flow's id.
 */
export async function startFarcasterSignIn(
  deps: FarcasterSignInDeps,
  { body, projectId, ip }: { body: FarcasterStartBody; projectId: string; ip: string },
): Promise<FarcasterStartResponse> {
  await consumeHourlyLimits(deps, [
    {
      key: `farcaster-start:device:${hashKey(body.deviceId)}`,
      limit: deps.farcasterLimits.startsPerDevicePerHour,
      what: 'Farcaster sign-ins started on this device',
    },
    ...(deps.limitIps
      ? [
          {
            key: `farcaster-start:ip:${ip}`,
            limit: deps.farcasterLimits.startsPerIpPerHour,
            what: 'Farcaster sign-ins started from this address',
          },
        ]
      : []),
  ])
  const now = deps.now()
  const expiresAt = new Date(now.getTime() + socialFlowTtlMs)
  const auth = new URL(deps.authUrl)
  const nonce = randomBytes(16).toString('hex')
  // The relay first: a relay that is down stores nothing.
  const channel = await deps.relay.createChannel({
    siweUri: auth.origin,
    domain: auth.host,
    nonce,
    expirationTime: expiresAt.toISOString(),
  })
  const channelId = randomBytes(32).toString('base64url')
  await deps.store.addSocialFlow({
    id: channelId,
    kind: 'farcaster',
    provider: 'farcaster',
    projectId,
    deviceId: body.deviceId,
    flowSecretHash: body.flowSecretHash,
    // The relay's nonce is the one the message must carry (ours, unless the relay ignored it).
    nonce: channel.nonce,
    codeVerifier: null,
    channelToken: channel.channelToken,
    appOrigin: null,
    returnUrl: null,
    mode: null,
    linkUserId: null,
    expiresAt,
    createdAt: now,
    maxPerDevice: deps.farcasterLimits.openFlowsPerDevice,
  })
  return { url: channel.url, channelId, expiresAt: expiresAt.toISOString() }
}

/** A short counter key that keeps the raw value out of the counters table. */
export function hashKey(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 32)
}
