import { getSiwxMessageNamespace, type SignInSession } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import type { ConnectorNotConnectedError, ProviderRequestError } from '../errors/connector.ts'
import type { SignatureDeclinedError } from '../errors/signature.ts'
import { SignInFailedError } from '../errors/signIn.ts'
import { toSignInAccount } from '../siwe/getSignInAccount.ts'
import { readSignInSession } from '../siwe/readSignInSession.ts'
import { signPersonalMessage } from '../siwe/signPersonalMessage.ts'
import type { Hex } from '../types.ts'
import { requestApi } from '../utils/requestApi.ts'
import { signMessage } from './signMessage.ts'

export type SignInParameters = {
  /**
   * The message for the connected account, as shown: EIP-4361 (`createSignInMessage`) for an
   * EVM account, CAIP-122 (`createSiwxMessage` of `@latch/api-contract`) for a Solana or
   * Bitcoin one.
   */
  message: string
  /**
   * The wallet's signature of `message` when it already gave one (signing in while connecting,
   * WalletConnect one-click auth): the wallet is not asked again.
   */
  signature?: Hex | undefined
}

export type SignInReturnType = SignInSession

export type SignInErrorType =
  | ConnectorNotConnectedError
  | SignatureDeclinedError
  | ProviderRequestError
  | SignInFailedError

/**
 * Signs in with the wallet: the connected wallet signs `message` (`personal_sign` for an
 * EIP-4361 message; a Solana or Bitcoin CAIP-122 message is signed by that namespace's wallet:
 * ed25519 base58, or BIP-322 base64 from the payment address), unless a `signature` it gave
 * while connecting comes with it. The Latch API checks it and opens a session
 * (`POST /v1/sessions`), and the session id and account are kept in the config's storage (one
 * per account: the address, or the CAIP-10 account of Solana and Bitcoin) so a reload stays
 * signed in.
 */
export async function signIn(
  config: LatchConfig,
  parameters: SignInParameters,
): Promise<SignInReturnType> {
  const namespace = getSiwxMessageNamespace(parameters.message)
  const signature =
    parameters.signature ??
    (namespace
      ? (await signMessage(config, { message: parameters.message, namespace })).signature
      : (await signPersonalMessage(config, { message: parameters.message })).signature)
  const body = await requestApi(config, {
    path: '/v1/sessions',
    body: { message: parameters.message, signature },
    toError: (failure) => new SignInFailedError(failure),
  })
  const session = readSignInSession((body as { session?: unknown }).session)
  if (!session) throw new SignInFailedError({ details: 'The API answered without a session.' })
  config.storage.setSignInSession({
    id: session.id,
    address: namespace
      ? toSignInAccount({
          namespace,
          caipNetworkId: session.caipNetworkId ?? String(session.chainId),
          address: session.address,
        })
      : session.address,
    expiresAt: session.expiresAt,
  })
  return session
}
