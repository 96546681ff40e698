import type { z } from 'zod'
import { RpcInvalidParamsError, RpcMethodNotAllowedError } from '../../errors/rpc.ts'
import { allowedRpcMethods } from './allowedRpcMethods.ts'

/**
 * The params of a request to forward, checked against the method's schema: a method off the
 * allow-list (the RPC endpoint's by default; the bundler's and paymaster's have their own)
 * throws `RpcMethodNotAllowedError` (-32601), params that do not fit it
 * `RpcInvalidParamsError` (-32602), naming the first wrong one.
 */
export function checkRpcParams(
  method: string,
  params: unknown,
  methods: ReadonlyMap<string, z.ZodType<readonly unknown[]>> = allowedRpcMethods,
): readonly unknown[] {
  const schema = methods.get(method)
  if (!schema) throw new RpcMethodNotAllowedError({ method })
  if (params !== undefined && !Array.isArray(params))
    throw new RpcInvalidParamsError({ method, reason: 'params must be an array.' })
  const result = schema.safeParse(params ?? [])
  if (result.success) return result.data
  throw new RpcInvalidParamsError({ method, reason: describeIssue(result.error.issues[0]) })
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'they do not fit the method.'
  const [index, ...rest] = issue.path
  const where = `params[${String(index ?? 0)}]${rest.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('')}`
  if (issue.path.length === 0 && issue.code === 'too_big')
    return Number(issue.maximum) === 0
      ? 'expected no params.'
      : `expected at most ${plural(Number(issue.maximum))}.`
  if (issue.path.length === 0 && issue.code === 'too_small')
    return `expected at least ${plural(Number(issue.minimum))}.`
  if (issue.code === 'unrecognized_keys')
    return `${where} has unknown keys ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}.`
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined'))
    return `${where} is required.`
  const message = issue.message.replace(/^Invalid input: /, '')
  return `${where}: ${message}.`
}

const plural = (count: number) => `${count} param${count === 1 ? '' : 's'}`
