import {
  type CreateSessionResponse,
  createSessionBodySchema,
  type RevokeSessionResponse,
  revokeSessionBodySchema,
  type SessionsResponse,
} from '@latch/api-contract'
import { Hono } from 'hono'
import { type Address, getAddress, type Hex, isAddress } from 'viem'
import type { AppEnv } from '../appEnv.ts'
import type { ChainClients } from '../createChainClients.ts'
import { InvalidAddressError } from '../errors/request.ts'
import type { ApiNetwork } from '../network.ts'
import { listSessions } from '../services/sessions/listSessions.ts'
import { revokeSession } from '../services/sessions/revokeSession.ts'
import { signIn } from '../services/sessions/signIn.ts'
import { toSignInSession } from '../services/sessions/toSignInSession.ts'
import type { SessionStore } from '../stores/sessions/sessionStore.ts'
import { parseJsonBody } from './parseJsonBody.ts'

/**
 * Sign in with the wallet (EIP-4361) and the spec's session calls (section 7):
 * - `POST /v1/sessions` with `{ message, signature }`: `{ session }` (201);
 * - `GET /v1/sessions/{address}`: `{ sessions }`, the active ones, newest first;
 * - `POST /v1/sessions/{address}/revoke` with `{ pci, signature }`: `{ revoked: true }`.
 */
export function sessionsRoute(deps: {
  sessions: SessionStore
  networks: readonly ApiNetwork[]
  clients: ChainClients
  /** The longest session in ms (LATCH_SESSION_MAX_HOURS). */
  maxSessionMs?: number | undefined
}) {
  return new Hono<AppEnv>()
    .post('/sessions', async (c) => {
      const body = parseJsonBody(createSessionBodySchema, await c.req.text())
      const session = await signIn(deps, {
        projectId: c.get('project').id,
        origin: c.req.header('origin'),
        message: body.message,
        signature: body.signature as Hex,
      })
      return c.json({ session: toSignInSession(session) } satisfies CreateSessionResponse, 201)
    })
    .get('/sessions/:address', async (c) => {
      const address = parseAddress(c.req.param('address'))
      const sessions = await listSessions(deps, { projectId: c.get('project').id, address })
      c.header('Cache-Control', 'private, no-store')
      return c.json({ sessions: sessions.map(toSignInSession) } satisfies SessionsResponse)
    })
    .post('/sessions/:address/revoke', async (c) => {
      const address = parseAddress(c.req.param('address'))
      const body = parseJsonBody(revokeSessionBodySchema, await c.req.text())
      await revokeSession(deps, {
        projectId: c.get('project').id,
        address,
        pci: body.pci,
        signature: body.signature as Hex,
      })
      return c.json({ revoked: true } satisfies RevokeSessionResponse)
    })
}

function parseAddress(value: string): Address {
  if (!isAddress(value, { strict: false })) throw new InvalidAddressError({ address: value })
  return getAddress(value)
}
