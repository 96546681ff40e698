import { nameLabelRules } from '@latch/api-contract'
import { BaseError } from './base.ts'

/** Quotes a client-supplied value for a message, cut short so the message stays readable. */
function quote(value: string): string {
  const shown = value.length > 80 ? `${value.slice(0, 77)}...` : value
  return JSON.stringify(shown)
}

/** A label that breaks spec section 5's rule (letters, digits, hyphens, at least 4). */
export class InvalidNameLabelError extends BaseError {
  override name = 'InvalidNameLabelError'
  constructor({ label }: { label: string }) {
    super(nameLabelRules.message, {
      code: 'BAD_REQUEST',
      metaMessages: [`Label: ${quote(label)}`],
    })
  }
}

/** The signed name does not end with the API's suffix (LATCH_NAME_SUFFIX). */
export class NameSuffixError extends BaseError {
  override name = 'NameSuffixError'
  constructor({ name, suffix }: { name: string; suffix: string }) {
    super(`The name ${quote(name)} must end with ".${suffix}".`, { code: 'BAD_REQUEST' })
  }
}

export class NameTakenError extends BaseError {
  override name = 'NameTakenError'
  constructor({ name }: { name: string }) {
    super(`The name ${quote(name)} is taken.`, { code: 'CONFLICT' })
  }
}

export class NameNotFoundError extends BaseError {
  override name = 'NameNotFoundError'
  constructor({ name }: { name: string }) {
    super(`Name ${quote(name)} not found.`, { code: 'NOT_FOUND' })
  }
}

/** The registration message is not the JSON `createNameMessage` builds. */
export class InvalidNameMessageError extends BaseError {
  override name = 'InvalidNameMessageError'
  constructor({ problem, kind = 'register' }: { problem: string; kind?: 'register' | 'update' }) {
    super(
      kind === 'register'
        ? `The message must be JSON like {"name":"alice.latch.id","attributes":{},"timestamp":1732190000}: ${problem}`
        : `The message must be JSON like {"action":"set-attributes","name":"alice.latch.id","attributes":{},"timestamp":1732190000}: ${problem}`,
      { code: 'BAD_REQUEST' },
    )
  }
}

/** The signed message's timestamp is more than 10 minutes from the server's clock. */
export class NameMessageExpiredError extends BaseError {
  override name = 'NameMessageExpiredError'
  constructor({ direction }: { direction: 'past' | 'future' }) {
    super(
      direction === 'past'
        ? 'The signed message has expired: sign a new one (its timestamp must be within 10 minutes of now).'
        : "The signed message's timestamp is in the future: check the device's clock (it must be within 10 minutes of now).",
      { code: 'BAD_REQUEST' },
    )
  }
}

/**
 * The signature is not the address's signature of the message. A 400, not a 401: clients
 * read a 401 as a bad project id.
 */
export class InvalidNameSignatureError extends BaseError {
  override name = 'InvalidNameSignatureError'
  constructor({ address }: { address: string }) {
    super(`The signature is not ${quote(address)}'s signature of the message.`, {
      code: 'BAD_REQUEST',
    })
  }
}

/** `coin_type` is not an ENSIP-11 EVM coin type (60, or 2147483648 + chain id). */
export class UnsupportedCoinTypeError extends BaseError {
  override name = 'UnsupportedCoinTypeError'
  constructor({ coinType }: { coinType: number }) {
    super(
      `Coin type ${coinType} is not an EVM chain: use 60 (Ethereum) or 2147483648 + the chain id.`,
      { code: 'BAD_REQUEST' },
    )
  }
}

/** A contract account's signature can only be checked on a chain the API serves. */
export class NameChainNotSupportedError extends BaseError {
  override name = 'NameChainNotSupportedError'
  constructor({ chainId, coinType }: { chainId: number; coinType: number }) {
    super(
      `The signature is not an EOA's, and contract accounts are verified on their chain: chain eip155:${chainId} (coin type ${coinType}) is not supported.`,
      { code: 'BAD_REQUEST' },
    )
  }
}

/** The label is reserved (a role like `admin`, a brand, a wallet's name) or holds a brand. */
export class ReservedNameError extends BaseError {
  override name = 'ReservedNameError'
  constructor({ name }: { name: string }) {
    super(`The name ${quote(name)} is reserved.`, { code: 'CONFLICT' })
  }
}

/** An `xn--` (punycode) label, or any with hyphens in its 3rd and 4th places (IDNA's). */
export class PunycodeNameError extends BaseError {
  override name = 'PunycodeNameError'
  constructor({ name }: { name: string }) {
    super(
      `The name ${quote(name)} cannot be registered: labels with "--" in their 3rd and 4th characters (like "xn--") are not allowed.`,
      { code: 'BAD_REQUEST' },
    )
  }
}

/** The name reads like a name another address holds, or like a reserved one. */
export class ConfusableNameError extends BaseError {
  override name = 'ConfusableNameError'
  constructor({ name, like }: { name: string; like: string }) {
    super(`The name ${quote(name)} looks like ${quote(like)}, which is taken.`, {
      code: 'CONFLICT',
    })
  }
}

/** The address holds as many names as one address may (LATCH_NAMES_PER_ADDRESS). */
export class NameLimitError extends BaseError {
  override name = 'NameLimitError'
  constructor({ address, max }: { address: string; max: number }) {
    super(
      `The address ${quote(address)} already has ${max} names, the most one address may hold.`,
      {
        code: 'CONFLICT',
      },
    )
  }
}

/** A contract account's name asked for on a chain it was not registered for. */
export class NameNotOnChainError extends BaseError {
  override name = 'NameNotOnChainError'
  constructor({ name, chainId }: { name: string; chainId: number }) {
    super(`Name ${quote(name)} has no address on chain eip155:${chainId}.`, { code: 'NOT_FOUND' })
  }
}

/** A name's `avatar` attribute that is not an https URL or an image on the API's origin. */
export class InvalidNameAvatarError extends BaseError {
  override name = 'InvalidNameAvatarError'
  constructor({ avatar }: { avatar: string }) {
    super(
      "avatar must be an https:// URL of an image (or an image URL on this API's origin), without user name or password.",
      { code: 'BAD_REQUEST', metaMessages: [`Avatar: ${quote(avatar)}`] },
    )
  }
}

/** The signed attributes update is not newer than the name's last one (a replay, or stale). */
export class NameUpdateOutdatedError extends BaseError {
  override name = 'NameUpdateOutdatedError'
  constructor({ name }: { name: string }) {
    super(
      `A newer update of ${quote(name)} is already stored: sign a new message (its timestamp must be later).`,
      { code: 'CONFLICT' },
    )
  }
}

/** The update's message names another name than the path's. */
export class NameUpdateMismatchError extends BaseError {
  override name = 'NameUpdateMismatchError'
  constructor({ name, signed }: { name: string; signed: string }) {
    super(`The signed message updates ${quote(signed)}, not ${quote(name)}.`, {
      code: 'BAD_REQUEST',
    })
  }
}

/** The name has no `avatar` attribute (or no such name): the page shows its generated one. */
export class NameAvatarNotFoundError extends BaseError {
  override name = 'NameAvatarNotFoundError'
  constructor({ name }: { name: string }) {
    super(`Name ${quote(name)} has no avatar.`, { code: 'NOT_FOUND' })
  }
}
