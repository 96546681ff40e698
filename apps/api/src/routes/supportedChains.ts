import type { SupportedChainsResponse } from '@latch/api-contract'
import { Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { type ApiNetwork, toNetworkDto } from '../network.ts'

/** `GET /v1/supported-chains`: the networks this API serves (spec section 7). */
export function supportedChainsRoute({ networks }: { networks: readonly ApiNetwork[] }) {
  const body: SupportedChainsResponse = { networks: networks.map(toNetworkDto) }
  return new Hono<AppEnv>().get('/supported-chains', (c) => c.json(body))
}
