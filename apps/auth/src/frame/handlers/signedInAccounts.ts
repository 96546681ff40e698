import { FrameRequestError, unauthorized, userRejected } from '../../errors/frameRequest.ts'
import type { ConfirmRequest, FrameContext } from '../frameContext.ts'
import { type ResolvedAccounts, resolveAccounts } from '../smartAccount/resolveAccounts.ts'
import { requireSession } from './connect.ts'

export const invalidParams = (message: string) => new FrameRequestError(-32602, message)

/** The signed-in wallet's accounts on the network (its EOA, and smart account where there is one). */
export async function signedInAccounts(
  context: FrameContext,
  chainId: number,
): Promise<ResolvedAccounts> {
  const session = await requireSession(context)
  if (!session.address) throw unauthorized()
  return resolveAccounts(context, { owner: session.address, chainId })
}

export async function confirm(context: FrameContext, request: ConfirmRequest): Promise<void> {
  const confirmed = await context.dialog(() => context.ui.confirmRequest(request))
  if (!confirmed) throw userRejected()
}

/** Which of the wallet's accounts the request names (either may sign; the owner key signs). */
export function checkFrom(resolved: ResolvedAccounts, given: unknown) {
  const account =
    typeof given === 'string'
      ? resolved.accounts.find((item) => item.address.toLowerCase() === given.toLowerCase())
      : undefined
  if (!account)
    throw new FrameRequestError(4100, 'The request names another account than this wallet.')
  return account
}
