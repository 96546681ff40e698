/** The pools' fee, in thousandths: Uniswap V2 keeps 3 of every 1000 paid in. */
export const uniswapV2FeeThousandths = 3n

/**
 * What a Uniswap V2 pair pays out for `amountIn`, with the router's own arithmetic
 * (UniswapV2Library.getAmountOut): the fee taken from the input, integer division rounding down.
 * 0 when the pool is empty.
 */
export function getUniswapV2AmountOut(
  amountIn: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n
  const amountInWithFee = amountIn * (1000n - uniswapV2FeeThousandths)
  return (amountInWithFee * reserveOut) / (reserveIn * 1000n + amountInWithFee)
}
