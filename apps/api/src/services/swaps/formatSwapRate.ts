import { formatUnits } from 'viem'

/** Whole `to` tokens per whole `from` token, to 8 significant digits, as a plain decimal string. */
export function formatSwapRate(
  amountIn: bigint,
  amountOut: bigint,
  decimalsIn: number,
  decimalsOut: number,
): string {
  const rate =
    Number(formatUnits(amountOut, decimalsOut)) / Number(formatUnits(amountIn, decimalsIn))
  if (!Number.isFinite(rate) || rate === 0) return '0'
  const digits = Math.max(0, 8 - Math.floor(Math.log10(rate)) - 1)
  return rate
    .toFixed(Math.min(digits, 36))
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')
}

/** `amount` less `slippage` percent, rounded down (what a swap must at least pay out). */
export function applySlippage(amount: bigint, slippage: number): bigint {
  const basisPoints = BigInt(Math.round(slippage * 100))
  return (amount * (10_000n - basisPoints)) / 10_000n
}
