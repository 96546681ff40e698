import type { NameProfile, SignInSession } from '@latch/api-contract'
import { type Hex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { connect } from '../actions/connect.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import type { FetchLike } from '../types.ts'
import type { LatchNetwork } from '../webConfig/parseLatchWebConfig.ts'
import { createFakeConnector, createTestStorage } from './createFakeConnector.ts'

/** anvil's first test key: a real key, so signatures are checked as the API checks them. */
export const testPrivateKey: Hex =
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

export const testNetwork: LatchNetwork = {
  id: 31337,
  name: 'Latch Devnet',
  caipNetworkId: 'eip155:31337',
  rpcUrl: 'http://127.0.0.1:4174',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}

type Call = { method: string; path: string; query: string; body: unknown }
type Answer = { status: number; body: unknown }

/**
 * An in-memory Latch API for the sign-in and names actions: nonces, sessions and names, with
 * signatures checked by viem as the real API checks them. `override` answers a path with a
 * fixed response instead. Test-only (not exported from the package).
 */
export function createFakeLatchApi() {
  const calls: Call[] = []
  const sessions: (SignInSession & { revoked: boolean })[] = []
  const names = new Map<string, NameProfile>()
  const overrides = new Map<string, Answer>()
  let nonces = 0

  const error = (status: number, message: string): Answer => ({
    status,
    body: { error: { code: 'BAD_REQUEST', message } },
  })

  async function handle(method: string, path: string, body: Record<string, unknown>) {
    const override = overrides.get(`${method} ${path}`)
    if (override) return override
    if (method === 'POST' && path === '/v1/auth/nonce') {
      nonces += 1
      return { status: 200, body: { nonce: `nonce${String(nonces).padStart(8, '0')}` } }
    }
    if (method === 'POST' && path === '/v1/sessions') {
      const message = String(body.message)
      const fields = parseSiweMessage(message)
      if (!fields.address || !fields.nonce) return error(400, 'Not a sign-in message.')
      const valid = await verifyMessage({
        address: fields.address,
        message,
        signature: body.signature as Hex,
      })
      if (!valid) return error(400, 'Invalid signature.')
      const session = {
        id: `session-${sessions.length + 1}`,
        address: fields.address,
        chainId: fields.chainId ?? 0,
        domain: fields.domain ?? '',
        issuedAt: fields.issuedAt?.toISOString() ?? '',
        expiresAt: fields.expirationTime?.toISOString() ?? '',
        revoked: false,
      }
      sessions.push(session)
      const { revoked: _, ...dto } = session
      return { status: 201, body: { session: dto } }
    }
    const list = /^\/v1\/sessions\/([^/]+)$/.exec(path)
    if (method === 'GET' && list)
      return {
        status: 200,
        body: {
          sessions: sessions
            .filter((s) => !s.revoked && s.address.toLowerCase() === list[1]?.toLowerCase())
            .map(({ revoked: _, ...dto }) => dto)
            .reverse(),
        },
      }
    const revoke = /^\/v1\/sessions\/([^/]+)\/revoke$/.exec(path)
    if (method === 'POST' && revoke) {
      const address = revoke[1] as Hex
      const pci = String(body.pci)
      const valid = await verifyMessage({
        address,
        message: `Revoke Latch session ${pci}`,
        signature: body.signature as Hex,
      })
      if (!valid) return error(400, 'Invalid signature.')
      for (const session of sessions) if (session.id === pci) session.revoked = true
      return { status: 200, body: { revoked: true } }
    }
    if (method === 'POST' && path === '/v1/profile/account') {
      const message = String(body.message)
      const { name, attributes } = JSON.parse(message) as {
        name: string
        attributes: Record<string, string>
      }
      const address = body.address as Hex
      const valid = await verifyMessage({ address, message, signature: body.signature as Hex })
      if (!valid) return error(400, 'Invalid signature.')
      if (names.has(name)) return error(409, `The name "${name}" is taken.`)
      const at = '2026-11-21T12:00:00.000Z'
      const profile = {
        name,
        addresses: { '60': { address, created: at } },
        attributes: Object.keys(attributes).length > 0 ? [attributes] : [],
        registered_at: at,
        updated_at: at,
        created_at: at,
      }
      names.set(name, profile)
      return { status: 201, body: profile }
    }
    return error(404, `No route ${method} ${path}.`)
  }

  const fetch: FetchLike = async (url, init) => {
    const parsed = new URL(url)
    const method = init?.method ?? 'GET'
    const body = init?.body === undefined ? undefined : JSON.parse(init.body)
    calls.push({ method, path: parsed.pathname, query: parsed.search, body })
    const answer = await handle(method, parsed.pathname, body ?? {})
    return {
      ok: answer.status < 400,
      status: answer.status,
      json: async () => answer.body,
    }
  }

  return {
    fetch,
    calls,
    sessions,
    names,
    /** Answers `"{METHOD} {path}"` with `answer` from now on. */
    override(route: string, answer: Answer) {
      overrides.set(route, answer)
    },
  }
}

/**
 * A config connected to a fake wallet that signs `personal_sign` with `testPrivateKey`, over
 * `createFakeLatchApi`. The wallet's `answer` can be replaced to decline or fail.
 */
export async function createSigningSetup() {
  const account = privateKeyToAccount(testPrivateKey)
  const api = createFakeLatchApi()
  const wallet = createFakeConnector()
  const storage = createTestStorage()
  const signWith = () =>
    wallet.answer(({ method, params }) => {
      if (method !== 'personal_sign') return null
      return account.signMessage({ message: { raw: (params as Hex[])[0] as Hex } })
    })
  signWith()
  const config = createLatchConfig({
    networks: [testNetwork],
    apiUrl: 'http://api.test',
    projectId: 'p',
    connectors: [wallet.connector],
    storage,
    fetch: api.fetch,
    options: { appName: 'Latch' },
  })
  const connecting = connect(config, { connectorId: wallet.connector.id })
  wallet.approve([account.address], testNetwork.id)
  await connecting
  return { account, api, wallet, storage, config, signWith }
}
