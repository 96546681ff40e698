/**
 * The token address that stands for a chain's native coin in balances and prices, as the
 * reference client (AppKit) and 1inch spell it: `{caip2}:0xeeee...eeee`. A client that treats
 * every balance with an address as an ERC-20 then never calls `transfer` on the zero address.
 */
export const nativeCoinAddress = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
