import {
  createNameAttributesMessage,
  type NameProfile,
  nameProfileSchema,
} from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { NameRegistrationError } from '../errors/accountName.ts'
import type { ConnectorNotConnectedError, ProviderRequestError } from '../errors/connector.ts'
import type { SignatureDeclinedError } from '../errors/signature.ts'
import { signPersonalMessage } from '../siwe/signPersonalMessage.ts'
import { requestApi } from '../utils/requestApi.ts'

export type SetAccountNameAttributesParameters = {
  /** The full registered name, e.g. `alice.latch.id`. */
  name: string
  /**
   * The name's new attributes; they replace the old ones (`{}` clears them). `avatar` is an
   * https URL of an image.
   */
  attributes: Record<string, string>
  /** The message's time in Unix seconds; default now. */
  timestamp?: number | undefined
}

export type SetAccountNameAttributesReturnType = NameProfile

export type SetAccountNameAttributesErrorType =
  | ConnectorNotConnectedError
  | SignatureDeclinedError
  | ProviderRequestError
  | NameRegistrationError

/**
 * Changes a registered name's attributes (its avatar): the connected wallet, which must own
 * the name, signs the update message (`personal_sign` of the JSON `{ action: "set-attributes",
 * name, attributes, timestamp }`), then the Latch API stores it
 * (`POST /v1/profile/account/{name}/attributes`). A refusal is a `NameRegistrationError` with
 * the API's message and status (400 invalid avatar or signature, 404 no such name, 409 a newer
 * update is stored).
 */
export async function setAccountNameAttributes(
  config: LatchConfig,
  parameters: SetAccountNameAttributesParameters,
): Promise<SetAccountNameAttributesReturnType> {
  const accountName = parameters.name.trim().toLowerCase()
  const message = createNameAttributesMessage({
    name: accountName,
    attributes: parameters.attributes,
    timestamp: parameters.timestamp,
  })
  const { signature } = await signPersonalMessage(config, { message })
  return requestApi(config, {
    path: `/v1/profile/account/${encodeURIComponent(accountName)}/attributes`,
    body: { message, signature },
    schema: nameProfileSchema,
    toError: (failure) => new NameRegistrationError({ ...failure, accountName }),
  })
}
