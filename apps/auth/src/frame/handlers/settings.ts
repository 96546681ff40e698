import { FrameRequestError } from '../../errors/frameRequest.ts'
import type { FrameHandler } from '../frameContext.ts'

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

/** `setPreferredAccount`: the embedded wallet is an EOA until smart accounts land. */
export const setPreferredAccount: FrameHandler<'setPreferredAccount'> = async (
  _context,
  { type },
) => {
  if (type !== 'eoa')
    throw new FrameRequestError(4200, 'This application might not support Smart Accounts')
  return { type }
}

/** `getSmartAccountEnabledNetworks`: none yet. */
export const getSmartAccountEnabledNetworks: FrameHandler<
  'getSmartAccountEnabledNetworks'
> = async () => ({ chainIds: [] })
