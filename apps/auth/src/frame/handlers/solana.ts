import type { FrameContext, FrameHandler } from '../frameContext.ts'

/** The frame's Solana code (@solana/kit, ed25519), loaded on the first Solana request only. */
const loadSolanaWallet = () => import('../solana/solanaWallet.ts')

/**
 * The signed-in wallet's Solana address when the app has Solana networks (for `getUser`);
 * `owner` is the wallet's EVM address.
 */
export async function solanaAccountOf(
  context: FrameContext,
  owner: string,
): Promise<{ solanaAddress?: string }> {
  if (!context.state.solanaNetworks?.length) return {}
  const { getSolanaAddress } = await loadSolanaWallet()
  return { solanaAddress: await getSolanaAddress(context, owner) }
}

/** `solanaSignMessage`: the Solana account signs a text after the frame's confirmation. */
export const solanaSignMessage: FrameHandler<'solanaSignMessage'> = async (
  context,
  params,
  request,
) => (await loadSolanaWallet()).signSolanaMessage(context, params, request.origin)

/** `solanaSignAndSendTransaction`: described, confirmed, signed and sent by the frame. */
export const solanaSignAndSendTransaction: FrameHandler<'solanaSignAndSendTransaction'> = async (
  context,
  params,
  request,
) => (await loadSolanaWallet()).signAndSendSolanaTransaction(context, params, request.origin)
