import { type StartRelayParameters, type StartRelayReturnType, startRelay } from '@latch/devnet'

/**
 * Starts the devnet's WalletConnect relay for a test on a port the system picks (read it back
 * from `url`), silent unless `log` is given. Stop it with `stop()`.
 */
export function startTestRelay(
  parameters: Partial<StartRelayParameters> = {},
): Promise<StartRelayReturnType> {
  return startRelay({ ...parameters, port: parameters.port ?? 0 })
}
