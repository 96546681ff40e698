import { FrameRequestError } from '../../errors/frameRequest.ts'
import type { FrameHandler } from '../frameContext.ts'
import { revealPrivateKey } from '../walletKeys.ts'
import { requireSession } from './connect.ts'

/**
 * `exportKey`: inside the frame only, after a fresh emailed code, shows the private key (with
 * a copy button). The key never goes to the page: the answer is empty. An account without an
 * email cannot get the code: the API's refusal is shown in the dialog.
 */
export const exportKey: FrameHandler<'exportKey'> = async (context) => {
  const session = await requireSession(context)
  let verified = false
  await context.dialog(() =>
    context.ui.showExportKey({
      email: session.email,
      async askCode() {
        verified = false
        await context.api.exportStart(session.token)
        return session.email
      },
      async verifyCode(otp) {
        await context.api.exportVerify(session.token, { otp })
        verified = true
      },
      async revealKey() {
        if (!verified) throw new FrameRequestError(4100, 'Enter the emailed code first.')
        verified = false
        return revealPrivateKey(context)
      },
    }),
  )
  return {}
}
