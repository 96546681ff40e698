import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  hexToBigInt,
  numberToHex,
} from 'viem'

/** A token a wallet knows on a chain (a devnet manifest's `tokens` fit). */
export type WalletAssetToken = { address: string; name: string; symbol: string; decimals: number }

/**
 * Wallet side of EIP-7811 `wallet_getAssets` on one chain, read from the chain itself: the
 * native coin (always) and each known ERC-20 the account holds, in the EIP-7811 shape.
 */
export async function readWalletAssets(parameters: {
  address: Address
  nativeCurrency: { name: string; symbol: string; decimals: number }
  tokens: readonly WalletAssetToken[]
  /** JSON-RPC on the chain. */
  rpc(method: string, params: unknown[]): Promise<unknown>
}) {
  const { address, rpc } = parameters
  const native = (await rpc('eth_getBalance', [address, 'latest'])) as Hex
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [address] })
  const held = await Promise.all(
    parameters.tokens.map(async (token) => {
      const answer = (await rpc('eth_call', [{ to: token.address, data }, 'latest'])) as Hex
      return { token, balance: answer === '0x' ? 0n : hexToBigInt(answer) }
    }),
  )
  return [
    {
      address: 'native' as const,
      balance: numberToHex(hexToBigInt(native)),
      type: 'native',
      metadata: parameters.nativeCurrency,
    },
    ...held
      .filter((entry) => entry.balance > 0n)
      .map(({ token, balance }) => ({
        address: token.address,
        balance: numberToHex(balance),
        type: 'erc20',
        metadata: { name: token.name, symbol: token.symbol, decimals: token.decimals },
      })),
  ]
}
