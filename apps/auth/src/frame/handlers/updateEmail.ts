import { FrameRequestError } from '../../errors/frameRequest.ts'
import type { FrameHandler } from '../frameContext.ts'
import { requireSession } from './connect.ts'

/** `updateEmail`: starts the change; codes go to the current and the new address. */
export const updateEmail: FrameHandler<'updateEmail'> = async (context, { email }) => {
  const session = await requireSession(context)
  return context.api.updateEmail(session.token, { email })
}

/** `updateEmailPrimaryOtp`: the code sent to the current address. */
export const updateEmailPrimaryOtp: FrameHandler<'updateEmailPrimaryOtp'> = async (
  context,
  { otp },
) => {
  const session = await requireSession(context)
  await context.api.updateEmailPrimary(session.token, { otp })
  return { action: 'VERIFY_SECONDARY_OTP' }
}

/** `updateEmailSecondaryOtp`: the code sent to the new address; the change is done. */
export const updateEmailSecondaryOtp: FrameHandler<'updateEmailSecondaryOtp'> = async (
  context,
  { otp },
) => {
  const session = await requireSession(context)
  const user = await context.api.updateEmailSecondary(session.token, { otp })
  const email = user.email
  if (email === null)
    throw new FrameRequestError('BAD_RESPONSE', 'The Latch API answered unexpectedly.')
  await context.sessions.setSession({ ...session, email })
  return { email }
}
