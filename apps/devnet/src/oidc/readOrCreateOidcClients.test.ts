import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { readOrCreateOidcClients } from './readOrCreateOidcClients.ts'

it('generates a client per provider once, readable by its owner only, and reuses it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-oidc-clients-'))
  const first = await readOrCreateOidcClients(dir)
  expect(Object.keys(first).sort()).toEqual([
    'apple',
    'discord',
    'facebook',
    'github',
    'google',
    'x',
  ])
  expect(first.google.clientId).toBe('latch-devnet-google')
  for (const client of Object.values(first)) expect(client.clientSecret).toMatch(/^[\w-]{43}$/)
  expect(new Set(Object.values(first).map((client) => client.clientSecret)).size).toBe(6)
  const file = join(dir, 'oidc-clients.json')
  expect(statSync(file).mode & 0o777).toBe(0o600)
  const written = readFileSync(file, 'utf8')

  expect(await readOrCreateOidcClients(dir)).toEqual(first)
  expect(readFileSync(file, 'utf8')).toBe(written)
})

it('replaces a damaged file, keeps the secrets it can read and tightens its mode', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-oidc-clients-'))
  const file = join(dir, 'oidc-clients.json')
  writeFileSync(file, 'not json', { mode: 0o644 })
  const fresh = await readOrCreateOidcClients(dir)
  expect(fresh.x.clientSecret).toMatch(/^[\w-]{43}$/)

  const google = fresh.google
  writeFileSync(
    file,
    JSON.stringify({
      version: 1,
      clients: { google, x: { clientId: 'latch-devnet-x', clientSecret: 'short' } },
    }),
    { mode: 0o644 },
  )
  const repaired = await readOrCreateOidcClients(dir)
  expect(repaired.google).toEqual(google)
  expect(repaired.x.clientSecret).toMatch(/^[\w-]{43}$/)
  expect(statSync(file).mode & 0o777).toBe(0o600)
})
