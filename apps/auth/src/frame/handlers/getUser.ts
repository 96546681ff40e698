import { getAddress } from 'viem'
import { AuthApiError } from '../../errors/frameRequest.ts'
import { describeAccount } from '../describeAccount.ts'
import type { FrameContext, FrameHandler } from '../frameContext.ts'
import { resolveAccounts } from '../smartAccount/resolveAccounts.ts'
import { createWallet, recoverWallet } from '../walletKeys.ts'
import { requireSession } from './connect.ts'
import { solanaAccountOf } from './solana.ts'

/** The network the frame is on: the asked one if the app has it, else the current, else the first. */
export function pickChainId(context: FrameContext, asked?: number): number {
  const { chainIds, chainId } = context.state
  if (asked !== undefined && (chainIds.length === 0 || chainIds.includes(asked))) return asked
  if (chainId !== undefined) return chainId
  const first = chainIds[0]
  if (first === undefined) throw new Error('No network: the app must send syncDappData first.')
  return first
}

/**
 * `getUser`: the signed-in user and wallet. On first sign-in the wallet is created (the
 * frame asks for a recovery passphrase); on a device without its share it is recovered (the
 * frame asks for that passphrase). Either may wait for the person, up to the page's 10 min.
 * `address` is the account in use on the network (the preferred type where possible).
 */
export const getUser: FrameHandler<'getUser'> = async (context, { chainId: asked }) => {
  const session = await requireSession(context)
  let user = await context.api.getUser(session.token)
  if (!user.address) {
    try {
      user = await createWallet(context, session.token, describeAccount(user))
    } catch (error) {
      // Another device of this user created it meanwhile: recover that one instead.
      if (!(error instanceof AuthApiError && error.apiCode === 'WALLET_EXISTS')) throw error
      user = await context.api.getUser(session.token)
    }
  }
  const address = getAddress(user.address as string)
  if (!(await context.deviceShares.load(address))) await recoverWallet(context, user)
  await context.sessions.setSession({
    ...session,
    email: user.email,
    username: user.username,
    signInMethod: user.signInMethod,
    address,
  })
  const chainId = pickChainId(context, asked)
  context.state.chainId = chainId
  // The wallet is open: the code it came from no longer goes on.
  context.state.verifiedCode = undefined
  const resolved = await resolveAccounts(context, { owner: address, chainId })
  return {
    email: user.email,
    username: user.username,
    signInMethod: user.signInMethod,
    // The account in use on this network; both are listed.
    address: resolved.active.address,
    chainId,
    preferredAccountType: resolved.active.type,
    accounts: resolved.accounts,
    // The wallet's Solana account, derived from the same key (when the app has Solana).
    ...(await solanaAccountOf(context, address)),
  }
}
