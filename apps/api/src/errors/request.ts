import { serverMessages } from '@latch/api-contract'
import { BaseError } from './base.ts'

/** Quotes a client-supplied value for an error message, cut short so a message stays readable. */
function quote(value: string): string {
  const shown = value.length > 66 ? `${value.slice(0, 63)}...` : value
  return JSON.stringify(shown)
}

export class ProjectIdRequiredError extends BaseError {
  override name = 'ProjectIdRequiredError'
  constructor() {
    super('A projectId is required.', { code: 'BAD_REQUEST' })
  }
}

export class InvalidProjectIdError extends BaseError {
  override name = 'InvalidProjectIdError'
  constructor() {
    // Exact server text of spec section 8: clients map it to "Invalid App Configuration".
    super(serverMessages.invalidKey, { code: 'UNAUTHORIZED' })
  }
}

export class OriginNotAllowedError extends BaseError {
  override name = 'OriginNotAllowedError'
  constructor({ origin }: { origin: string }) {
    super(serverMessages.originNotAllowed, {
      code: 'UNAUTHORIZED',
      status: 403,
      metaMessages: [
        `Origin: ${quote(origin)}`,
        "Add it to the project's origins (npm run projects) or to LATCH_ALLOWED_ORIGINS.",
      ],
    })
  }
}

export class InvalidAddressError extends BaseError {
  override name = 'InvalidAddressError'
  constructor({ address }: { address: string }) {
    super(`Invalid address ${quote(address)}.`, { code: 'BAD_REQUEST' })
  }
}

export class InvalidRequestError extends BaseError {
  override name = 'InvalidRequestError'
  constructor({ message }: { message: string }) {
    super(message, { code: 'BAD_REQUEST' })
  }
}

export class ChainNotSupportedError extends BaseError {
  override name = 'ChainNotSupportedError'
  constructor({ chainId }: { chainId: number }) {
    super(`Chain eip155:${chainId} is not supported.`, { code: 'BAD_REQUEST' })
  }
}

export class RouteNotFoundError extends BaseError {
  override name = 'RouteNotFoundError'
  constructor({ method, path }: { method: string; path: string }) {
    super(`No route for ${method} ${quote(path)}.`, { code: 'NOT_FOUND' })
  }
}

export class WalletImageNotFoundError extends BaseError {
  override name = 'WalletImageNotFoundError'
  constructor({ imageId }: { imageId: string }) {
    super(`No wallet image ${quote(imageId)}.`, { code: 'NOT_FOUND' })
  }
}

export class RequestBodyTooLargeError extends BaseError {
  override name = 'RequestBodyTooLargeError'
  constructor({ maxBytes }: { maxBytes: number }) {
    super(`The request body is larger than ${maxBytes / 1024} KB.`, {
      code: 'BAD_REQUEST',
      status: 413,
    })
  }
}

export class InvalidOriginHeaderError extends BaseError {
  override name = 'InvalidOriginHeaderError'
  constructor() {
    super(
      'The Origin header is not a valid origin (scheme://host[:port], at most 300 characters).',
      {
        code: 'BAD_REQUEST',
      },
    )
  }
}

export class ControlCharacterError extends BaseError {
  override name = 'ControlCharacterError'
  constructor({ where }: { where: string }) {
    super(`The ${where} contains a control character (such as NUL), which is not allowed.`, {
      code: 'BAD_REQUEST',
    })
  }
}

export class MalformedUrlError extends BaseError {
  override name = 'MalformedUrlError'
  constructor() {
    super('The request URL is malformed.', { code: 'BAD_REQUEST' })
  }
}
