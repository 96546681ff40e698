import { paymasterQuerySchema } from '@latch/api-contract'
import { Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { PaymasterNotConfiguredError } from '../errors/accountAbstraction.ts'
import { findAccountAbstraction } from '../services/accountAbstraction/findAccountAbstraction.ts'
import { forwardUserOperationRpc } from '../services/accountAbstraction/forwardUserOperationRpc.ts'
import type { UserOperationRouteDeps } from '../services/accountAbstraction/userOperationRouteDeps.ts'
import { paymasterRpcMethodSchemas } from '../services/accountAbstraction/userOperationRpcMethods.ts'
import { parseQuery } from './parseQuery.ts'

/**
 * `POST /v1/paymaster?projectId&chainId`: one ERC-7677 request (`pm_getPaymasterStubData`,
 * `pm_getPaymasterData`) forwarded to the chain's paymaster service, with the same checks,
 * limits and answers as `/v1/bundler`. A chain without a paymaster service is a 400.
 */
export function paymasterRoute({ networks, fetch, settings, logger }: UserOperationRouteDeps) {
  return new Hono<AppEnv>().post('/paymaster', async (c) => {
    const query = parseQuery(paymasterQuerySchema, c.req.query())
    const deployment = findAccountAbstraction(networks, query.chainId)
    if (deployment.paymasterUrl === undefined)
      throw new PaymasterNotConfiguredError({ chainId: query.chainId })
    const answer = await forwardUserOperationRpc({
      text: await c.req.text(),
      methods: paymasterRpcMethodSchemas,
      chainId: query.chainId,
      url: deployment.paymasterUrl,
      service: `the paymaster service for eip155:${query.chainId}`,
      fetch,
      settings,
      signal: c.req.raw.signal,
      onUpstreamError: (error) =>
        logger.warn(error.shortMessage, { requestId: c.get('requestId') }),
    })
    return answer ? c.json(answer) : c.body(null, 204)
  })
}
