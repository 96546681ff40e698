import { createHash } from 'node:crypto'
import {
  type SocialStartBody,
  type SocialStartResponse,
  socialFlowTtlMs,
} from '@latch/api-contract'
import * as client from 'openid-client'
import { InvalidRequestError } from '../../errors/request.ts'
import { ProviderNotConfiguredError } from '../../errors/socialSignIn.ts'
import type { Project } from '../../stores/projectStore.ts'
import { consumeHourlyLimits } from '../embeddedWallet/consumeHourlyLimits.ts'
import type { SocialSignInDeps } from './socialSignInDeps.ts'

/**
 * Starts a social sign-in (or, with `linkUserId`, a link): checks the page's origin against
 * the project and the return URL against that origin, makes the state (the flow id), the
 * nonce (OIDC) and the PKCE verifier, stores the flow for 10 minutes bound to the frame's
 * secret hash, and answers the provider's authorization URL.
 */
export async function startSocialSignIn(
  deps: SocialSignInDeps,
  {
    body,
    project,
    ip,
    linkUserId,
  }: {
    body: SocialStartBody
    project: Project
    ip: string
    linkUserId: string | null
  },
): Promise<SocialStartResponse> {
  const provider = deps.providers[body.provider]
  if (!provider) throw new ProviderNotConfiguredError({ provider: body.provider })
  if (!deps.isAllowedOrigin(project, body.appOrigin))
    throw new InvalidRequestError({
      message: 'appOrigin is not an allowed origin of this project.',
    })
  const returnUrl = URL.parse(body.returnUrl)
  if (!returnUrl || returnUrl.origin !== body.appOrigin || returnUrl.username || returnUrl.password)
    throw new InvalidRequestError({ message: 'returnUrl must be a page of appOrigin.' })
  returnUrl.hash = ''
  await consumeHourlyLimits(deps, [
    {
      key: `social-start:device:${hashKey(body.deviceId)}`,
      limit: deps.socialLimits.startsPerDevicePerHour,
      what: 'sign-ins started on this device',
    },
    ...(deps.limitIps
      ? [
          {
            key: `social-start:ip:${ip}`,
            limit: deps.socialLimits.startsPerIpPerHour,
            what: 'sign-ins started from this address',
          },
        ]
      : []),
  ])
  const state = client.randomState()
  const nonce = provider.kind === 'oidc' ? client.randomNonce() : null
  const codeVerifier = client.randomPKCECodeVerifier()
  // Discovery (first use) happens before anything is stored: a provider down stores nothing.
  const uri = await provider.authorizationUrl({ state, nonce, codeVerifier })
  const now = deps.now()
  await deps.store.addSocialFlow({
    id: state,
    kind: 'oauth',
    provider: body.provider,
    projectId: project.id,
    deviceId: body.deviceId,
    flowSecretHash: body.flowSecretHash,
    nonce,
    codeVerifier,
    channelToken: null,
    appOrigin: body.appOrigin,
    returnUrl: returnUrl.href,
    mode: body.mode,
    linkUserId,
    expiresAt: new Date(now.getTime() + socialFlowTtlMs),
    createdAt: now,
    maxPerDevice: deps.socialLimits.openFlowsPerDevice,
  })
  return { uri: uri.href, state }
}

/** A short counter key that keeps the raw value out of the counters table. */
export function hashKey(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 32)
}
