import type { Logger } from '../../logger.ts'
import type { ApiNetwork } from '../../network.ts'
import type { GuardedFetch } from '../fetch/createGuardedFetch.ts'
import type { UserOperationRpcSettings } from './userOperationRpcSettings.ts'

/** What `/v1/bundler` and `/v1/paymaster` need. */
export type UserOperationRouteDeps = {
  networks: readonly ApiNetwork[]
  /** The guarded fetcher (the devnet's services on 127.0.0.1 allowed under the devnet only). */
  fetch: GuardedFetch
  settings: UserOperationRpcSettings
  logger: Logger
}
