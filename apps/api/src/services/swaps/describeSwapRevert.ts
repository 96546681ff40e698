import {
  decodeErrorResult,
  type Hex,
  InsufficientFundsError,
  parseAbi,
  BaseError as ViemBaseError,
} from 'viem'

const revertAbi = parseAbi([
  'error Error(string reason)',
  'error Panic(uint256 code)',
  // OpenZeppelin 5's ERC-20 errors.
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
])

/** The revert of a simulated swap, decoded: its words for the user, and the raw reason. */
export type SwapRevert = {
  /** Lower-case words after "The swap would fail: " (e.g. "slippage exceeded"). */
  reason: string
  /** What the contract said (`UniswapV2Router: EXPIRED`), when it said something. */
  raw?: string | undefined
  /** A token transfer into the router failed: allowance or balance, the caller checks which. */
  transferFromFailed: boolean
}

/**
 * Reads why a simulated call (eth_call / eth_estimateGas) reverted: the revert data decoded as
 * `Error(string)`, `Panic(uint256)` or an OpenZeppelin ERC-20 error, else the node's message,
 * and names it in words (Uniswap V2's router and library messages, the common ERC-20 ones).
 */
export function describeSwapRevert(error: unknown): SwapRevert | undefined {
  if (!(error instanceof ViemBaseError)) return undefined
  if (error.walk((cause) => cause instanceof InsufficientFundsError))
    return { reason: 'insufficient balance', transferFromFailed: false }
  const data = findRevertData(error)
  let raw: string | undefined
  if (data && data !== '0x') {
    try {
      const decoded = decodeErrorResult({ abi: revertAbi, data })
      if (decoded.errorName === 'ERC20InsufficientAllowance')
        return {
          reason: 'insufficient allowance',
          raw: decoded.errorName,
          transferFromFailed: false,
        }
      if (decoded.errorName === 'ERC20InsufficientBalance')
        return { reason: 'insufficient balance', raw: decoded.errorName, transferFromFailed: false }
      raw =
        decoded.errorName === 'Panic'
          ? `panic 0x${(decoded.args[0] as bigint).toString(16)}`
          : String(decoded.args[0])
    } catch {
      raw = undefined
    }
  }
  raw ??= /execution reverted:?\s*([^\n]*)/i.exec(error.details ?? error.shortMessage)?.[1]?.trim()
  if (!raw && !/revert/i.test(`${error.shortMessage} ${error.details ?? ''}`)) return undefined
  return { ...nameRevert(raw ?? ''), raw: raw || undefined }
}

function nameRevert(raw: string): Omit<SwapRevert, 'raw'> {
  const named = (reason: string) => ({ reason, transferFromFailed: false })
  if (/INSUFFICIENT_OUTPUT_AMOUNT|Return amount is not enough|min.*return/i.test(raw))
    return named('slippage exceeded (the price moved beyond the slippage tolerance)')
  if (/TRANSFER_FROM_FAILED/i.test(raw))
    return { reason: 'the token transfer failed', transferFromFailed: true }
  if (/allowance/i.test(raw)) return named('insufficient allowance')
  if (/balance/i.test(raw)) return named('insufficient balance')
  if (/EXPIRED/.test(raw)) return named('the deadline passed')
  if (/INSUFFICIENT_LIQUIDITY/.test(raw)) return named('insufficient liquidity')
  if (/TRANSFER_FAILED/.test(raw)) return named('the token transfer failed')
  return named(
    raw
      ? `the contract reverted with ${JSON.stringify(raw.slice(0, 120))}`
      : 'the contract reverted',
  )
}

/** The revert data a viem error carries somewhere down its causes. */
function findRevertData(error: ViemBaseError): Hex | undefined {
  let found: Hex | undefined
  error.walk((cause) => {
    const data = (cause as { data?: unknown }).data
    if (typeof data === 'string' && data.startsWith('0x')) {
      found = data as Hex
      return true
    }
    if (data && typeof data === 'object' && typeof (data as { data?: unknown }).data === 'string') {
      found = (data as { data: Hex }).data
      return true
    }
    return false
  })
  return found
}
