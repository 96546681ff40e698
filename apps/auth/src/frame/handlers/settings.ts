import { FrameRequestError, unauthorized } from '../../errors/frameRequest.ts'
import type { FrameHandler } from '../frameContext.ts'
import { resolveAccounts, smartAccountsUnsupported } from '../smartAccount/resolveAccounts.ts'
import { requireSession } from './connect.ts'
import { pickChainId } from './getUser.ts'

/** `syncTheme`: the frame's dialogs follow the app's light or dark mode. */
export const syncTheme: FrameHandler<'syncTheme'> = async (context, { themeMode }) => {
  context.ui.setTheme(themeMode)
  return {}
}

/** `syncDappData`: the app's name (for confirmations) and networks (the frame signs for these only). */
export const syncDappData: FrameHandler<'syncDappData'> = async (context, params) => {
  if (params.projectId !== context.config.projectId)
    throw new FrameRequestError(
      'PROJECT_MISMATCH',
      `The frame serves project "${context.config.projectId}", not "${params.projectId}".`,
    )
  context.state.metadata = params.metadata
  context.state.chainIds = [...params.chainIds]
  context.state.solanaNetworks = params.solanaNetworks ? [...params.solanaNetworks] : undefined
  const { chainId } = context.state
  if (chainId === undefined || !params.chainIds.includes(chainId))
    context.state.chainId = params.chainIds[0]
  return {}
}

/** EIP-1193's 4901 for a network the app did not list. */
export const chainNotSupported = (chainId: number) =>
  new FrameRequestError(4901, `The network ${chainId} is not one of this app's networks.`)

/** `switchNetwork`: only to one of the app's networks; tells the page with `chainChanged`. */
export const switchNetwork: FrameHandler<'switchNetwork'> = async (context, { chainId }) => {
  if (!context.state.chainIds.includes(chainId)) throw chainNotSupported(chainId)
  if (context.state.chainId !== chainId) {
    context.state.chainId = chainId
    context.emit({ name: 'chainChanged', chainId })
  }
  return { chainId }
}

/**
 * `setPreferredAccount`: the person's account type for this wallet, kept in the frame's
 * storage. The page is told the account now in use (`accountsChanged`); a smart account on a
 * network without them is refused in the spec's words.
 */
export const setPreferredAccount: FrameHandler<'setPreferredAccount'> = async (
  context,
  { type },
) => {
  const session = await requireSession(context)
  if (!session.address) throw unauthorized()
  const chainId = pickChainId(context)
  const before = await resolveAccounts(context, { owner: session.address, chainId })
  if (type === 'smartAccount' && !before.smartAccount) throw smartAccountsUnsupported()
  await context.sessions.setPreferredAccountType(before.owner, type)
  const after = await resolveAccounts(context, { owner: session.address, chainId })
  if (after.active.address !== before.active.address)
    context.emit({ name: 'accountsChanged', accounts: [after.active.address] })
  return { type }
}

/** `getSmartAccountEnabledNetworks`: the app's networks whose supported-chains entry has smart accounts. */
export const getSmartAccountEnabledNetworks: FrameHandler<
  'getSmartAccountEnabledNetworks'
> = async (context) => {
  const chainIds: number[] = []
  for (const chainId of context.state.chainIds)
    if ((await context.network(chainId)).smartAccounts) chainIds.push(chainId)
  return { chainIds }
}
