import { AuthApiError, FrameRequestError, unauthorized } from '../../errors/frameRequest.ts'
import type { FrameContext, FrameHandler } from '../frameContext.ts'
import { storeSession } from './storeSession.ts'

/** `connectEmail`: mails a code (or, for a known user's new device, an approval link). */
export const connectEmail: FrameHandler<'connectEmail'> = async (context, { email }) => {
  const deviceId = await context.sessions.getDeviceId()
  const { action } = await context.api.emailStart({
    projectId: context.config.projectId,
    email,
    deviceId,
  })
  context.state.pendingEmail = email
  return { action }
}

/** `connectDevice`: after the approval link was followed, asks again (now VERIFY_OTP). */
export const connectDevice: FrameHandler<'connectDevice'> = async (context, _params, request) => {
  const email = context.state.pendingEmail
  if (!email) throw new FrameRequestError('NO_EMAIL', 'Enter your email first.')
  try {
    return await connectEmail(context, { email }, request)
  } catch (error) {
    // Asked before the link was followed: the API would mail a new link, within the 30 s of
    // the first one. Say what is missing rather than "try again after n seconds".
    if (error instanceof AuthApiError && error.apiCode === 'EMAIL_COOLDOWN')
      throw new FrameRequestError(
        'DEVICE_NOT_APPROVED',
        `This device is not approved yet: open the link we sent to ${email}, then continue.`,
      )
    throw error
  }
}

/** `connectOtp`: the emailed code for a session, kept in IndexedDB across reloads. */
export const connectOtp: FrameHandler<'connectOtp'> = async (context, { otp }) => {
  const email = context.state.pendingEmail
  // The same code again, after the passphrase dialog was closed: the session already stands.
  const verified = context.state.verifiedCode
  if (!email && verified?.otp === otp) {
    const session = await context.sessions.getSession()
    if (session && session.email === verified.email && Date.parse(session.expiresAt) > Date.now())
      return { action: 'CONNECT' }
  }
  if (!email) throw new FrameRequestError('NO_EMAIL', 'Enter your email first.')
  const deviceId = await context.sessions.getDeviceId()
  const response = await context.api.emailVerify({
    projectId: context.config.projectId,
    email,
    deviceId,
    otp,
  })
  await storeSession(context, response)
  context.state.verifiedCode = { email: response.user.email ?? email, otp }
  return { action: 'CONNECT' }
}

/** Forgets an ended session and tells the page ('Session Expired'). */
async function expire(context: FrameContext) {
  await context.sessions.clearSession()
  context.emit({ name: 'signedOut', reason: 'expired' })
}

/**
 * `isConnected`: whether the stored session still holds, asked of the API (a reload restores
 * the wallet without a prompt). An expired or revoked one is forgotten and reported.
 */
export const isConnected: FrameHandler<'isConnected'> = async (context) => {
  const session = await context.sessions.getSession()
  if (!session) return { isConnected: false }
  if (!(Date.parse(session.expiresAt) > Date.now())) {
    await expire(context)
    return { isConnected: false }
  }
  try {
    const user = await context.api.getUser(session.token)
    const fresh = {
      email: user.email,
      username: user.username,
      signInMethod: user.signInMethod,
      address: user.address ?? undefined,
    }
    if (
      fresh.email !== session.email ||
      fresh.username !== session.username ||
      fresh.signInMethod !== session.signInMethod ||
      fresh.address !== session.address
    )
      await context.sessions.setSession({ ...session, ...fresh })
  } catch (error) {
    if (error instanceof AuthApiError && error.status === 401) {
      await expire(context)
      return { isConnected: false }
    }
    throw error
  }
  return { isConnected: true }
}

/** Reads the stored session or fails with 4100. */
export async function requireSession(context: FrameContext) {
  const session = await context.sessions.getSession()
  if (!session) throw unauthorized()
  return session
}

/**
 * `signOut`: revokes the token at the API and forgets it here. The device id and the wrapped
 * device share stay, so signing in again on this device needs no passphrase.
 */
export const signOut: FrameHandler<'signOut'> = async (context) => {
  const session = await context.sessions.getSession()
  context.state.pendingEmail = undefined
  context.state.verifiedCode = undefined
  // A sign-in still in progress ends too: no session may open after the person signed out.
  context.state.farcasterWait?.abort()
  context.state.farcasterWait = undefined
  await Promise.all([
    context.sessions.clearFlow('social'),
    context.sessions.clearFlow('farcaster'),
  ]).catch(() => undefined)
  if (session) {
    try {
      await context.api.signOut(session.token)
    } catch (error) {
      // Already ended at the API (401): nothing else to do there. Otherwise the page hears
      // that the API did not revoke it, but the session is forgotten here all the same.
      if (!(error instanceof AuthApiError && error.status === 401)) {
        await context.sessions.clearSession()
        context.emit({ name: 'signedOut', reason: 'user' })
        throw error
      }
    }
    await context.sessions.clearSession()
  }
  context.emit({ name: 'signedOut', reason: 'user' })
  return {}
}
