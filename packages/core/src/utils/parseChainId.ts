/**
 * Reads an EVM chain id as wallets send it: a number, a hex quantity ("0x7a69"), a decimal
 * string ("31337") or a CAIP-2 id ("eip155:31337"). Returns undefined for anything else.
 */
export function parseChainId(value: unknown): number | undefined {
  let id: number | undefined
  if (typeof value === 'number') id = value
  else if (typeof value === 'bigint') id = Number(value)
  else if (typeof value === 'string') {
    const reference = value.startsWith('eip155:') ? value.slice('eip155:'.length) : value
    if (/^0x[0-9a-fA-F]+$/.test(reference)) id = Number.parseInt(reference, 16)
    else if (/^\d+$/.test(reference)) id = Number(reference)
  }
  return id !== undefined && Number.isSafeInteger(id) && id > 0 ? id : undefined
}
