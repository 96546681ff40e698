import { randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type SocialProvider, socialProviderSchema } from '@latch/api-contract'
import { z } from 'zod'

/** The OAuth client the API uses at one local provider. A devnet secret, never a real one. */
export type OidcClientCredentials = { clientId: string; clientSecret: string }

export type OidcClients = Record<SocialProvider, OidcClientCredentials>

const clientSchema = z.object({
  clientId: z.string().regex(/^latch-devnet-[a-z]+$/),
  clientSecret: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
})
const clientsFileSchema = z.object({
  version: z.literal(1),
  clients: z.record(z.string(), z.unknown()),
})

/** The client id the local provider registers for `provider`. */
export function getOidcClientId(provider: SocialProvider): string {
  return `latch-devnet-${provider}`
}

/** A new client secret: 32 random bytes, base64url. */
export function createOidcClientSecret(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * The local OpenID provider's clients, kept in `<stateDir>/oidc-clients.json` (readable by its
 * owner only) so their secrets stay the same from one `npm start` to the next. A missing or
 * damaged file, or a provider it lacks, gets a new random secret, written back.
 */
export async function readOrCreateOidcClients(stateDir: string): Promise<OidcClients> {
  const file = join(stateDir, 'oidc-clients.json')
  const stored: Record<string, unknown> = await readFile(file, 'utf8').then(
    (text) => {
      try {
        return clientsFileSchema.safeParse(JSON.parse(text)).data?.clients ?? {}
      } catch {
        return {}
      }
    },
    () => ({}),
  )
  let changed = false
  const clients = {} as OidcClients
  for (const provider of socialProviderSchema.options) {
    const clientId = getOidcClientId(provider)
    // Each client is read on its own: one damaged entry does not cost the others their secret.
    const found = clientSchema.safeParse(stored[provider]).data
    if (found && found.clientId === clientId) {
      clients[provider] = found
    } else {
      clients[provider] = { clientId, clientSecret: createOidcClientSecret() }
      changed = true
    }
  }
  if (changed) {
    await mkdir(stateDir, { recursive: true })
    const temporary = `${file}.${process.pid}.tmp`
    await writeFile(temporary, `${JSON.stringify({ version: 1, clients }, null, 2)}\n`, {
      mode: 0o600,
    })
    await rename(temporary, file)
  }
  // An older file made with a looser mode is tightened too.
  await chmod(file, 0o600)
  return clients
}
