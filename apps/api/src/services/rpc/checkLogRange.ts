import { RpcInvalidParamsError } from '../../errors/rpc.ts'
import type { LogFilter } from './allowedRpcMethods.ts'

/**
 * Refuses an eth_getLogs filter spanning more than `maxBlocks` blocks (-32602), so one call
 * cannot make the node scan the whole chain. Tags other than `earliest` count as the head,
 * asked of `getHead` only when the filter uses one; a `blockHash` filter spans one block.
 */
export async function checkLogRange({
  filter,
  maxBlocks,
  getHead,
}: {
  filter: LogFilter
  maxBlocks: number
  getHead: () => Promise<bigint>
}): Promise<void> {
  if (filter.blockHash !== undefined) {
    if (filter.fromBlock !== undefined || filter.toBlock !== undefined)
      throw new RpcInvalidParamsError({
        method: 'eth_getLogs',
        reason: 'blockHash excludes fromBlock and toBlock.',
      })
    return
  }
  const resolve = async (block: string | undefined): Promise<bigint> => {
    if (block === 'earliest') return 0n
    if (block === undefined || !block.startsWith('0x')) return getHead()
    return BigInt(block)
  }
  const from = await resolve(filter.fromBlock)
  const to = await resolve(filter.toBlock)
  const span = to - from + 1n
  if (span > BigInt(maxBlocks))
    throw new RpcInvalidParamsError({
      method: 'eth_getLogs',
      reason: `a filter spans at most ${maxBlocks} blocks; this one spans ${span}.`,
    })
}
