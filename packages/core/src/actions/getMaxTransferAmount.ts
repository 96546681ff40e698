/** Spec section 9: fee multiplier 1.2, the margin kept for the fee when sending the maximum. */
export const transferFeeMultiplier = 1.2

/**
 * The most that can be sent: a token's whole balance; for the native coin, which also pays
 * the fee, the balance less the estimated fee × 1.2 (never below zero).
 */
export function getMaxTransferAmount(parameters: {
  balance: bigint
  /** The transfer's estimated fee, when the native coin is sent; leave out for a token. */
  fee?: bigint | undefined
}): bigint {
  const { balance, fee } = parameters
  if (fee === undefined) return balance
  const tenths = BigInt(Math.round(transferFeeMultiplier * 10))
  // Rounded up, so the margin is never short by a unit.
  const reserve = (fee * tenths + 9n) / 10n
  return balance > reserve ? balance - reserve : 0n
}
