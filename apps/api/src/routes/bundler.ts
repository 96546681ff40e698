import { bundlerQuerySchema } from '@latch/api-contract'
import { Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { UnknownBundlerError } from '../errors/accountAbstraction.ts'
import { findAccountAbstraction } from '../services/accountAbstraction/findAccountAbstraction.ts'
import { forwardUserOperationRpc } from '../services/accountAbstraction/forwardUserOperationRpc.ts'
import type { UserOperationRouteDeps } from '../services/accountAbstraction/userOperationRouteDeps.ts'
import { bundlerRpcMethodSchemas } from '../services/accountAbstraction/userOperationRpcMethods.ts'
import { parseQuery } from './parseQuery.ts'

/**
 * `POST /v1/bundler?projectId&chainId&bundler` (spec section 7): one ERC-4337 JSON-RPC request
 * forwarded to the chain's bundler, the one named by `bundler` or the first configured. Behind
 * the project, origin, rate-limit and body-limit checks like every `/v1` route. A bad query
 * (chain not served, no smart accounts there, unknown bundler) is an HTTP 400; everything
 * about the call itself is answered as JSON-RPC with HTTP 200, as bundlers do.
 */
export function bundlerRoute({ networks, fetch, settings, logger }: UserOperationRouteDeps) {
  return new Hono<AppEnv>().post('/bundler', async (c) => {
    const query = parseQuery(bundlerQuerySchema, c.req.query())
    const deployment = findAccountAbstraction(networks, query.chainId)
    const bundler =
      query.bundler === undefined
        ? deployment.bundlers[0]
        : deployment.bundlers.find((candidate) => candidate.name === query.bundler)
    if (!bundler)
      throw new UnknownBundlerError({
        chainId: query.chainId,
        bundler: query.bundler ?? '',
        known: deployment.bundlers.map((candidate) => candidate.name),
      })
    const answer = await forwardUserOperationRpc({
      text: await c.req.text(),
      methods: bundlerRpcMethodSchemas,
      chainId: query.chainId,
      url: bundler.url,
      service: `the bundler "${bundler.name}" for eip155:${query.chainId}`,
      fetch,
      settings,
      signal: c.req.raw.signal,
      onUpstreamError: (error) =>
        logger.warn(error.shortMessage, { requestId: c.get('requestId') }),
    })
    return answer ? c.json(answer) : c.body(null, 204)
  })
}
