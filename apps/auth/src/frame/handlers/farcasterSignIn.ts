import { farcasterPollIntervalMs, socialFlowTtlMs } from '@latch/api-contract'
import { AuthApiError, FrameRequestError } from '../../errors/frameRequest.ts'
import { createFlowSecret } from '../createFlowSecret.ts'
import type { FrameContext, FrameHandler } from '../frameContext.ts'
import { startSignIn } from './startSignIn.ts'
import { storeSession } from './storeSession.ts'

/** Stops the `connectFarcaster` wait in progress, if any. */
function stopWaiting(context: FrameContext) {
  context.state.farcasterWait?.abort()
  context.state.farcasterWait = undefined
}

/**
 * `getFarcasterUri`: opens a Farcaster relay channel for this frame (a new flow secret, kept
 * here; only its hash goes to the API) and answers its URL, for the QR code and the deep link.
 * A wait for the previous channel ends.
 */
export const getFarcasterUri: FrameHandler<'getFarcasterUri'> = async (context) => {
  stopWaiting(context)
  return startSignIn(async () => {
    await context.sessions.clearFlow('farcaster')
    const [deviceId, { secret, hash }] = await Promise.all([
      context.sessions.getDeviceId(),
      createFlowSecret(),
    ])
    const { url, channelId, expiresAt } = await context.api.farcasterStart({
      projectId: context.config.projectId,
      deviceId,
      flowSecretHash: hash,
    })
    await context.sessions.setFlow('farcaster', {
      secret,
      channelId,
      expiresAt,
      createdAt: context.now(),
    })
    return { url }
  })
}

const cancelled = () => new FrameRequestError(4001, 'The Farcaster sign-in was cancelled.')
const expired = () =>
  new FrameRequestError('SOCIAL_EXPIRED', 'The Farcaster sign-in has expired: start again.')

/** The API or the relay did not answer this time: worth asking again at the next tick. */
const isPassing = (error: unknown) =>
  error instanceof AuthApiError &&
  (error.status === 0 || error.status === 429 || error.status >= 500)
/** Passing failures in a row before the wait gives up. */
const maxPassingFailures = 3

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
  })
}

/**
 * `connectFarcaster`: waits until the Farcaster client signed in the channel this frame
 * opened, asking the API every 1.5 s, up to the channel's end (at most 10 minutes after it
 * opened). Then the session is kept as an email sign-in's is. A new `getFarcasterUri` or
 * `connectFarcaster`, or `signOut`, ends the wait (4001); the flow is forgotten once it ends.
 */
export const connectFarcaster: FrameHandler<'connectFarcaster'> = async (context) => {
  stopWaiting(context)
  const flow = await context.sessions.getFlow('farcaster')
  if (!flow)
    throw new FrameRequestError(
      'SOCIAL_STATE_MISMATCH',
      'No Farcaster sign-in was started here: start again.',
    )
  const wait = new AbortController()
  context.state.farcasterWait = wait
  const deadline = Math.min(
    Date.parse(flow.expiresAt) || Number.POSITIVE_INFINITY,
    flow.createdAt + socialFlowTtlMs,
  )
  const interval = context.farcasterPollIntervalMs ?? farcasterPollIntervalMs
  const deviceId = await context.sessions.getDeviceId()
  let failures = 0
  try {
    for (;;) {
      if (wait.signal.aborted) throw cancelled()
      if (!(context.now() < deadline)) throw expired()
      let answer: Awaited<ReturnType<typeof context.api.farcasterVerify>> | undefined
      try {
        answer = await context.api.farcasterVerify({
          projectId: context.config.projectId,
          deviceId,
          channelId: flow.channelId,
          flowSecret: flow.secret,
        })
        failures = 0
      } catch (error) {
        // The channel ended at the API between this frame's clock check and its answer.
        if (error instanceof AuthApiError && error.apiCode === 'SOCIAL_EXPIRED') throw expired()
        if (!isPassing(error) || ++failures >= maxPassingFailures) throw error
      }
      if (answer?.status === 'completed') {
        if (wait.signal.aborted) {
          // Signed in after all, but the person moved on: end that session at the API too.
          await context.api.signOut(answer.token).catch(() => undefined)
          throw cancelled()
        }
        await storeSession(context, answer)
        return { action: 'CONNECT' }
      }
      await sleep(Math.min(interval, Math.max(0, deadline - context.now())), wait.signal)
    }
  } finally {
    if (context.state.farcasterWait === wait) {
      context.state.farcasterWait = undefined
      // Used, expired or refused: one way or another this channel is done. (A cancel by a
      // new getFarcasterUri leaves its new flow alone.)
      await context.sessions.clearFlow('farcaster').catch(() => undefined)
    }
  }
}
