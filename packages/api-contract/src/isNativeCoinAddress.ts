/**
 * True when a token address (`0x...` or CAIP-10) stands for the native coin: none, the zero
 * address (Latch's older spelling) or `0xeeee...eeee` (`nativeCoinAddress`).
 */
export function isNativeCoinAddress(address: string | undefined): boolean {
  if (!address) return true
  const hex = address.slice(address.lastIndexOf(':') + 1)
  return /^0x(?:0{40}|[eE]{40})$/.test(hex)
}
