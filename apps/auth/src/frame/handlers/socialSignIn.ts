import { socialFlowTtlMs, socialProviderNames } from '@latch/api-contract'
import { FrameRequestError } from '../../errors/frameRequest.ts'
import { createFlowSecret } from '../createFlowSecret.ts'
import type { FrameHandler } from '../frameContext.ts'
import { startSignIn } from './startSignIn.ts'
import { storeSession } from './storeSession.ts'

/**
 * `getSocialRedirectUri`: starts a sign-in with an OAuth provider. A new flow secret is kept
 * here (one social flow at a time, 10 minutes) and only its hash goes to the API, with the
 * page's origin this frame accepted the request from; the answer is the provider's
 * authorization URL for the popup (or the redirect).
 */
export const getSocialRedirectUri: FrameHandler<'getSocialRedirectUri'> = async (
  context,
  { provider, mode, returnUrl },
  request,
) => {
  let returnOrigin: string | undefined
  try {
    returnOrigin = new URL(returnUrl).origin
  } catch {}
  if (returnOrigin !== request.origin)
    throw new FrameRequestError(-32602, 'The return URL must be a page of this app.')
  // Storage refused (the in-memory fallback): the flow would not survive the redirect.
  if (mode === 'redirect' && !context.sessions.persistent)
    throw new FrameRequestError(
      'POPUP_REQUIRED',
      `Allow pop-ups for this site to sign in with ${socialProviderNames[provider]}.`,
    )
  return startSignIn(async () => {
    // Whatever was started before is over once a new one starts.
    await context.sessions.clearFlow('social')
    const [deviceId, { secret, hash }] = await Promise.all([
      context.sessions.getDeviceId(),
      createFlowSecret(),
    ])
    const { uri, state } = await context.api.socialStart({
      projectId: context.config.projectId,
      provider,
      deviceId,
      flowSecretHash: hash,
      appOrigin: request.origin,
      returnUrl,
      mode,
    })
    await context.sessions.setFlow('social', { secret, provider, state, createdAt: context.now() })
    return { uri }
  })
}

/** The `state` the provider sent back in the callback's query string. */
const callbackState = (search: string) => new URLSearchParams(search).get('state')

/**
 * `connectSocial`: finishes the flow this frame started with the provider's answer (the
 * callback's query string). The flow must be here, for this provider, for this state and
 * younger than 10 minutes; it is forgotten whatever happens (it can be used once). The API
 * checks it again with the secret, and answers a session, kept as an email sign-in's is.
 */
export const connectSocial: FrameHandler<'connectSocial'> = async (context, { provider, uri }) => {
  const name = socialProviderNames[provider]
  const flow = await context.sessions.getFlow('social')
  await context.sessions.clearFlow('social')
  if (!flow || flow.provider !== provider || callbackState(uri) !== flow.state)
    throw new FrameRequestError(
      'SOCIAL_STATE_MISMATCH',
      `This sign-in with ${name} was not started here: start again.`,
    )
  if (!(context.now() - flow.createdAt < socialFlowTtlMs))
    throw new FrameRequestError(
      'SOCIAL_EXPIRED',
      `This sign-in with ${name} has expired: start again.`,
    )
  const response = await context.api.socialVerify({
    projectId: context.config.projectId,
    provider,
    deviceId: await context.sessions.getDeviceId(),
    flowSecret: flow.secret,
    callback: uri,
  })
  await storeSession(context, response)
  return { action: 'CONNECT' }
}
