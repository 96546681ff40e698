import type { SignInSession } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import type { ConnectorNotConnectedError, ProviderRequestError } from '../errors/connector.ts'
import type { SignatureDeclinedError } from '../errors/signature.ts'
import { SignInFailedError } from '../errors/signIn.ts'
import { readSignInSession } from '../siwe/readSignInSession.ts'
import { signPersonalMessage } from '../siwe/signPersonalMessage.ts'
import type { Hex } from '../types.ts'
import { requestApi } from '../utils/requestApi.ts'

export type SignInParameters = {
  /** The EIP-4361 message (`createSignInMessage`) for the connected address, as shown. */
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
 * Signs in with the wallet: the connected wallet signs `message` (`personal_sign`, unless a
 * `signature` it gave while connecting comes with it), the Latch
 * API checks it and opens a session (`POST /v1/sessions`), and the session id and address are
 * kept in the config's storage so a reload stays signed in.
 */
export async function signIn(
  config: LatchConfig,
  parameters: SignInParameters,
): Promise<SignInReturnType> {
  const signature =
    parameters.signature ??
    (await signPersonalMessage(config, { message: parameters.message })).signature
  const body = await requestApi(config, {
    path: '/v1/sessions',
    body: { message: parameters.message, signature },
    toError: (failure) => new SignInFailedError(failure),
  })
  const session = readSignInSession((body as { session?: unknown }).session)
  if (!session) throw new SignInFailedError({ details: 'The API answered without a session.' })
  config.storage.setSignInSession({
    id: session.id,
    address: session.address,
    expiresAt: session.expiresAt,
  })
  return session
}
