/** "0xf39Fd6e5...2266" -> "0xf39F…2266" for display; the full address stays readable elsewhere. */
export function shortenAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}
