import { DevnetError } from '../errors.ts'

/** A socket's `?auth=` JWT is missing, malformed, expired or not signed by its `iss` key. */
export class RelayAuthError extends DevnetError {
  override name = 'RelayAuthError'
}
