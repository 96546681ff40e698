import type { Hex } from 'viem'
import { FrameRequestError, userRejected } from '../../errors/frameRequest.ts'
import type { ConfirmRequest, FrameContext } from '../frameContext.ts'
import type { ResolvedAccounts } from '../smartAccount/resolveAccounts.ts'
import type { SmartAccountCall, SmartAccountTarget } from '../smartAccount/sendSmartAccountCalls.ts'
import { formatMaxFee } from './eoaTransaction.ts'

/** The smart account's sending code, fetched the first time a smart account sends. */
export const loadSmartAccountSender = () => import('../smartAccount/sendSmartAccountCalls.ts')

export function smartAccountTarget(
  resolved: ResolvedAccounts,
  chainId: number,
): SmartAccountTarget {
  const contracts = resolved.network.smartAccounts
  if (!contracts || !resolved.smartAccount)
    throw new FrameRequestError(4200, 'This application might not support Smart Accounts')
  return {
    chainId,
    owner: resolved.owner,
    smartAccount: resolved.smartAccount,
    entryPoint: contracts.entryPoint,
    factory: contracts.simpleAccountFactory,
    sponsored: contracts.paymaster,
  }
}

/**
 * Sends calls from the smart account as one user operation: prepared first (a revert or the
 * bundler down is said before anything is shown), then confirmed by the person (showing
 * whether the gas is sponsored), then signed and handed to the bundler.
 */
export async function confirmAndSendFromSmartAccount(
  context: FrameContext,
  {
    target,
    calls,
    confirmation,
  }: {
    target: SmartAccountTarget
    calls: SmartAccountCall[]
    confirmation: Omit<ConfirmRequest, 'details'> & { details: ConfirmRequest['details'] }
  },
): Promise<Hex> {
  const sender = await loadSmartAccountSender()
  const prepared = await sender.prepareSmartAccountCalls(context, target, calls)
  const network = await context.network(target.chainId)
  const confirmed = await context.dialog(() =>
    context.ui.confirmRequest({
      ...confirmation,
      details: [
        { label: 'From', value: `Smart account ${target.smartAccount}` },
        ...confirmation.details,
        {
          label: 'Network fee',
          value: prepared.sponsored
            ? 'Sponsored (paid by the app’s paymaster)'
            : `Up to ${formatMaxFee(prepared.maxFee, network)}`,
        },
      ],
    }),
  )
  if (!confirmed) throw userRejected()
  return prepared.send()
}
