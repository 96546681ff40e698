import {
  type CreateSessionResponse,
  createSessionBodySchema,
  type RevokeSessionResponse,
  revokeSessionBodySchema,
  type SessionsResponse,
} from '@latch/api-contract'
import { Hono } from 'hono'
import { getAddress, isAddress } from 'viem'
import type { AppEnv } from '../appEnv.ts'
import type { ChainClients } from '../createChainClients.ts'
import { InvalidAddressError } from '../errors/request.ts'
import type { ApiNetwork } from '../network.ts'
import { parseBitcoinAddress } from '../services/bitcoin/parseBitcoinAddress.ts'
import {
  type NamespaceNetworks,
  noNamespaceNetworks,
  resolveCaipNetwork,
} from '../services/chains/resolveCaipNetwork.ts'
import { listSessions } from '../services/sessions/listSessions.ts'
import { revokeSession } from '../services/sessions/revokeSession.ts'
import { signIn } from '../services/sessions/signIn.ts'
import { toSignInSession } from '../services/sessions/toSignInSession.ts'
import { parseSolanaAddress } from '../services/solana/parseSolanaAddress.ts'
import type { SessionStore } from '../stores/sessions/sessionStore.ts'
import { parseJsonBody } from './parseJsonBody.ts'

/**
 * Sign in with the wallet (EIP-4361; CAIP-122 for Solana and Bitcoin accounts) and the spec's
 * session calls (section 7); `{address}` is an EVM address or a CAIP-10 account
 * (`solana:{ref}:{address}`, `bip122:{ref}:{address}`):
 * - `POST /v1/sessions` with `{ message, signature }`: `{ session }` (201);
 * - `GET /v1/sessions/{address}`: `{ sessions }`, the active ones, newest first;
 * - `POST /v1/sessions/{address}/revoke` with `{ pci, signature }`: `{ revoked: true }`.
 */
export function sessionsRoute(deps: {
  sessions: SessionStore
  networks: readonly ApiNetwork[]
  clients: ChainClients
  /** Solana and Bitcoin networks whose accounts sign in with CAIP-122 messages. */
  namespaceNetworks?: NamespaceNetworks | undefined
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
        signature: body.signature,
      })
      return c.json({ session: toSignInSession(session) } satisfies CreateSessionResponse, 201)
    })
    .get('/sessions/:address', async (c) => {
      const address = parseAddress(c.req.param('address'), deps.namespaceNetworks)
      const sessions = await listSessions(deps, { projectId: c.get('project').id, address })
      c.header('Cache-Control', 'private, no-store')
      return c.json({ sessions: sessions.map(toSignInSession) } satisfies SessionsResponse)
    })
    .post('/sessions/:address/revoke', async (c) => {
      const address = parseAddress(c.req.param('address'), deps.namespaceNetworks)
      const body = parseJsonBody(revokeSessionBodySchema, await c.req.text())
      await revokeSession(deps, {
        projectId: c.get('project').id,
        address,
        pci: body.pci,
        signature: body.signature,
      })
      return c.json({ revoked: true } satisfies RevokeSessionResponse)
    })
}

/** An EVM address (checksummed), or the address of a CAIP-10 Solana or Bitcoin account. */
function parseAddress(value: string, networks: NamespaceNetworks = noNamespaceNetworks): string {
  const caip10 = /^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}):([a-zA-Z0-9]{14,90})$/.exec(value)
  if (caip10?.[1] && caip10[2] && !caip10[1].startsWith('eip155:')) {
    const network = resolveCaipNetwork(networks, caip10[1])
    return network.namespace === 'solana'
      ? parseSolanaAddress(caip10[2])
      : parseBitcoinAddress(caip10[2], network)
  }
  if (!isAddress(value, { strict: false })) throw new InvalidAddressError({ address: value })
  return getAddress(value)
}
