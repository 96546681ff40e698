import {
  type Hex,
  HttpRequestError,
  type PublicClient,
  parseAbi,
  TimeoutError,
  BaseError as ViemBaseError,
} from 'viem'
import { cleanChainString } from '../services/cleanChainString.ts'
import type { TokenMetadata } from './createIndexerStore.ts'

const metadataAbi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
])

export type FetchTokenMetadataParameters = { address: Hex; kind: 'erc20' | 'erc721' }

/**
 * Reads a token's name, symbol and (ERC-20) decimals once, for the history to show. A call the
 * contract reverts leaves that field null; a dead RPC throws, so nothing half-read is stored.
 */
export async function fetchTokenMetadata(
  client: PublicClient,
  { address, kind }: FetchTokenMetadataParameters,
): Promise<TokenMetadata> {
  const read = async <name extends 'name' | 'symbol' | 'decimals'>(functionName: name) => {
    try {
      return await client.readContract({ address, abi: metadataAbi, functionName })
    } catch (error) {
      if (isTransportError(error)) throw error
      return null
    }
  }
  const [name, symbol, decimals] = await Promise.all([
    read('name'),
    read('symbol'),
    kind === 'erc20' ? read('decimals') : null,
  ])
  return {
    address,
    kind,
    name: typeof name === 'string' ? clean(name, 100) : null,
    symbol: typeof symbol === 'string' ? clean(symbol, 32) : null,
    decimals: typeof decimals === 'number' ? decimals : null,
  }
}

/** Contract strings are anyone's: no control or bidi characters, and a sane length. */
function clean(value: string, maxLength: number): string | null {
  const text = cleanChainString(value, { maxLength })
  return text.length > 0 ? text : null
}

function isTransportError(error: unknown): boolean {
  if (!(error instanceof ViemBaseError)) return false
  return Boolean(
    error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError),
  )
}
