import {
  createNameMessage,
  isValidNameLabel,
  type NameProfile,
  nameProfileSchema,
  toNameCoinType,
} from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { InvalidNameLabelError, NameRegistrationError } from '../errors/accountName.ts'
import { ConnectorNotConnectedError, type ProviderRequestError } from '../errors/connector.ts'
import type { SignatureDeclinedError } from '../errors/signature.ts'
import { signPersonalMessage } from '../siwe/signPersonalMessage.ts'
import { requestApi } from '../utils/requestApi.ts'

export type RegisterAccountNameParameters = {
  /** The label the person chose (`alice`), checked against spec section 5's rule. */
  label: string
  /** The names' suffix (`latch.id`): the full name is `{label}.{suffix}`. */
  suffix: string
  /** Profile attributes to sign along; default none. */
  attributes?: Record<string, string> | undefined
  /** The message's time in Unix seconds; default now. */
  timestamp?: number | undefined
}

export type RegisterAccountNameReturnType = NameProfile

export type RegisterAccountNameErrorType =
  | InvalidNameLabelError
  | ConnectorNotConnectedError
  | SignatureDeclinedError
  | ProviderRequestError
  | NameRegistrationError

/**
 * Registers an account name for the connected address: checks the label, has the wallet sign
 * the registration message (`personal_sign` of the JSON `{ name, attributes, timestamp }`),
 * then registers it with the Latch API (`POST /v1/profile/account`, the chain's ENSIP-11 coin
 * type). A name someone else holds fails with a `NameRegistrationError` whose `isTaken` is true.
 */
export async function registerAccountName(
  config: LatchConfig,
  parameters: RegisterAccountNameParameters,
): Promise<RegisterAccountNameReturnType> {
  const label = parameters.label.trim()
  if (!isValidNameLabel(label)) throw new InvalidNameLabelError(label)
  const { chainId } = config.getState()
  if (chainId === undefined) throw new ConnectorNotConnectedError()
  const accountName = `${label}.${parameters.suffix}`.toLowerCase()
  const message = createNameMessage({
    name: accountName,
    attributes: parameters.attributes,
    timestamp: parameters.timestamp,
  })
  const { address, signature } = await signPersonalMessage(config, { message })
  return requestApi(config, {
    path: '/v1/profile/account',
    body: { coin_type: toNameCoinType(chainId), address, message, signature },
    schema: nameProfileSchema,
    toError: (failure) => new NameRegistrationError({ ...failure, accountName }),
  })
}
