import { getBase58Decoder, getBase64Decoder, type MaybeEncodedAccount } from '@solana/kit'
import { getMintDecoder, getTokenDecoder } from '@solana-program/token'
import {
  type SolanaChain,
  token2022ProgramAddress,
  tokenProgramAddress,
  uiTokenAmount,
} from './createSolanaChain.ts'
import { SolanaRpcError, solanaRpcErrorCodes } from './SolanaRpcError.ts'

export type SolanaAccountEncoding = 'base58' | 'base64' | 'jsonParsed'

export type EncodeSolanaAccountOptions = {
  encoding: SolanaAccountEncoding
  dataSlice?: { offset: number; length: number } | undefined
}

/** Solana's `rentEpoch` for rent-exempt accounts (u64::MAX); written as an exact integer. */
const rentExemptEpoch = 18446744073709551615n

/**
 * An account in the shape `getAccountInfo` answers: `data` as `[string, encoding]`, or for
 * `jsonParsed` SPL token accounts and mints `{ program: 'spl-token', parsed, space }` (what
 * wallets read `parsed.info.tokenAmount` from); other accounts fall back to base64, as Solana's.
 */
export function encodeSolanaAccount(
  chain: SolanaChain,
  account: MaybeEncodedAccount,
  { encoding, dataSlice }: EncodeSolanaAccountOptions,
) {
  if (!account.exists) return null
  const base = {
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.programAddress as string,
    rentEpoch: rentExemptEpoch,
    space: account.data.length,
  }
  if (encoding === 'jsonParsed') {
    const parsed = parseTokenProgramAccount(chain, account)
    if (parsed) return { ...base, data: parsed }
  }
  const data = dataSlice
    ? account.data.subarray(dataSlice.offset, dataSlice.offset + dataSlice.length)
    : account.data
  if (encoding === 'base58') {
    if (data.length > 128) {
      throw new SolanaRpcError(
        solanaRpcErrorCodes.invalidRequest,
        'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
      )
    }
    return { ...base, data: [getBase58Decoder().decode(data), 'base58'] }
  }
  return { ...base, data: [getBase64Decoder().decode(data), 'base64'] }
}

function parseTokenProgramAccount(
  chain: SolanaChain,
  account: MaybeEncodedAccount & { exists: true },
) {
  const program = account.programAddress
  if (program !== tokenProgramAddress && program !== token2022ProgramAddress) return undefined
  const programName = program === tokenProgramAddress ? 'spl-token' : 'spl-token-2022'
  if (account.data.length >= 165 && account.data[108] !== 0) {
    const token = getTokenDecoder().decode(account.data.subarray(0, 165))
    const decimals = chain.readMint(token.mint)?.decimals ?? 0
    const isNative = token.isNative.__option === 'Some'
    return {
      program: programName,
      parsed: {
        type: 'account',
        info: {
          isNative,
          mint: token.mint,
          owner: token.owner,
          state: token.state === 2 ? 'frozen' : 'initialized',
          tokenAmount: uiTokenAmount(token.amount, decimals),
          ...(token.delegate.__option === 'Some'
            ? {
                delegate: token.delegate.value,
                delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals),
              }
            : {}),
          ...(isNative && token.isNative.__option === 'Some'
            ? { rentExemptReserve: uiTokenAmount(token.isNative.value, decimals) }
            : {}),
        },
      },
      space: account.data.length,
    }
  }
  if (account.data.length === 82) {
    const mint = getMintDecoder().decode(account.data)
    return {
      program: programName,
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority:
            mint.freezeAuthority.__option === 'Some' ? mint.freezeAuthority.value : null,
          isInitialized: mint.isInitialized,
          mintAuthority: mint.mintAuthority.__option === 'Some' ? mint.mintAuthority.value : null,
          supply: mint.supply.toString(),
        },
      },
      space: 82,
    }
  }
  return undefined
}
