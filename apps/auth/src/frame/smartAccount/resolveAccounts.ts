import { getAddress, type Hex } from 'viem'
import { FrameRequestError } from '../../errors/frameRequest.ts'
import type { AccountType } from '../createSessionStore.ts'
import type { FrameContext, NetworkInfo } from '../frameContext.ts'
import { getSmartAccountAddress } from './getSmartAccountAddress.ts'

/** Spec section 8's words when the app's network has no smart accounts. */
export const smartAccountsUnsupported = () =>
  new FrameRequestError(4200, 'This application might not support Smart Accounts')

export type ResolvedAccounts = {
  owner: Hex
  network: NetworkInfo
  /** The account the wallet uses on this network (the preference, where it is possible). */
  active: { address: Hex; type: AccountType }
  /** The EOA, and the smart account on networks that have them. */
  accounts: { address: Hex; type: AccountType }[]
  /** The smart account's address on this network, if it has smart accounts. */
  smartAccount?: Hex | undefined
}

/**
 * The wallet's accounts on a network. The preferred type is the person's (kept per wallet in
 * the frame's storage); without a choice it is the smart account on networks that have them
 * (spec: the default account type for eip155), the EOA elsewhere.
 */
export async function resolveAccounts(
  context: FrameContext,
  { owner, chainId }: { owner: string; chainId: number },
): Promise<ResolvedAccounts> {
  const eoa = getAddress(owner)
  const network = await context.network(chainId)
  const preferred = (await context.sessions.getPreferredAccountType(eoa)) ?? 'smartAccount'
  if (!network.smartAccounts) {
    const active = { address: eoa, type: 'eoa' as const }
    return { owner: eoa, network, active, accounts: [active] }
  }
  const smartAccount = await getSmartAccountAddress(context, {
    owner: eoa,
    chainId,
    factory: network.smartAccounts.simpleAccountFactory,
  })
  const accounts = [
    { address: eoa, type: 'eoa' as const },
    { address: smartAccount, type: 'smartAccount' as const },
  ]
  const active = preferred === 'smartAccount' ? accounts[1] : accounts[0]
  return {
    owner: eoa,
    network,
    active: active as ResolvedAccounts['active'],
    accounts,
    smartAccount,
  }
}
