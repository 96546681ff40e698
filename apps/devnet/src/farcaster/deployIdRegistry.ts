import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  parseEventLogs,
  zeroAddress,
} from 'viem'
import { readLatchArtifact } from '../artifacts.ts'
import type { TransactionQueue } from '../createTransactionQueue.ts'
import { DevnetTransactionError } from '../errors.ts'
import type { FarcasterTestUser } from './farcasterTestUsers.ts'
import { idRegistryAbi } from './idRegistryAbi.ts'

export type DeployIdRegistryParameters = {
  /** The chain owner's queue: the registry goes out after everything else on the chain. */
  transactions: TransactionQueue
  chainId: number
  /** Registered in order, each getting the next FID. */
  users: readonly Omit<FarcasterTestUser, 'fid'>[]
}

export type DeployIdRegistryReturnType = {
  idRegistry: Address
  accounts: FarcasterTestUser[]
}

/**
 * Deploys the devnet's IdRegistry and registers each test user's custody address, reading each
 * FID from the `Register` event (as a client of the real registry would).
 */
export async function deployIdRegistry({
  transactions,
  chainId,
  users,
}: DeployIdRegistryParameters): Promise<DeployIdRegistryReturnType> {
  return transactions.run(async (send) => {
    const artifact = readLatchArtifact('IdRegistry')
    const receipt = await send('deploy IdRegistry', {
      data: encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode }),
    })
    if (!receipt.contractAddress)
      throw new DevnetTransactionError(
        `Step "deploy IdRegistry" created no contract (${chainId}).`,
        {
          chainId,
          step: 'deploy IdRegistry',
        },
      )
    const idRegistry = getAddress(receipt.contractAddress)
    const accounts: FarcasterTestUser[] = []
    for (const user of users) {
      const step = `register FID for ${user.username}`
      const registered = await send(step, {
        to: idRegistry,
        data: encodeFunctionData({
          abi: idRegistryAbi,
          functionName: 'register',
          args: [user.custody, zeroAddress],
        }),
      })
      const [event] = parseEventLogs({
        abi: idRegistryAbi,
        eventName: 'Register',
        logs: registered.logs,
      })
      if (!event)
        throw new DevnetTransactionError(`Step "${step}" registered nothing.`, { chainId, step })
      accounts.push({ ...user, fid: Number(event.args.id) })
    }
    return { idRegistry, accounts }
  })
}
