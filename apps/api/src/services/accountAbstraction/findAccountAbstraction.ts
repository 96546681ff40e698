import { SmartAccountsNotConfiguredError } from '../../errors/accountAbstraction.ts'
import { ChainNotSupportedError } from '../../errors/request.ts'
import type { AccountAbstractionDeployment, ApiNetwork } from '../../network.ts'

/**
 * The ERC-4337 deployment of a served chain; throws 400 'Chain eip155:N is not supported.'
 * for a chain the API does not serve, and 'Smart accounts are not configured for eip155:N.'
 * for one without `accountAbstraction`.
 */
export function findAccountAbstraction(
  networks: readonly ApiNetwork[],
  chainId: number,
): AccountAbstractionDeployment {
  const network = networks.find((candidate) => candidate.id === chainId)
  if (!network) throw new ChainNotSupportedError({ chainId })
  if (!network.accountAbstraction) throw new SmartAccountsNotConfiguredError({ chainId })
  return network.accountAbstraction
}
