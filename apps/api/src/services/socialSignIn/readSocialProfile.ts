import type { SocialProvider } from '@latch/api-contract'
import { z } from 'zod'

/** Who the provider says signed in: its stable subject, never the email. */
export type SocialProfile = {
  subject: string
  /** The name the app shows (spec section 3: the social username). */
  username: string | null
  /** As the provider reported it (OIDC only when verified); informative, joins nothing. */
  email: string | null
}

const id = z.union([z.string().min(1).max(255), z.number().int().nonnegative()])
const text = (max: number) => z.string().max(max).nullish().catch(null)
const email = z.email().max(320).nullish().catch(null)

/** The fields read from each OAuth 2 provider's user endpoint (their real shapes). */
const userSchemas = {
  github: z.object({ id, login: text(255), name: text(255), email }),
  discord: z.object({ id, username: text(255), global_name: text(255), email }),
  x: z.object({ data: z.object({ id, username: text(255), name: text(255) }) }),
  facebook: z.object({ id, name: text(255), email }),
}
export type OAuthUserProvider = keyof typeof userSchemas

/** The ID token claims read from an OpenID Connect provider (google, apple). */
const idTokenSchema = z.object({
  sub: z.string().min(1).max(255),
  email,
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: text(255),
  preferred_username: text(255),
})

const clean = (value: string | null | undefined) => {
  const trimmed = value?.replace(/[\p{Cc}\p{Cf}]/gu, '').trim()
  return trimmed ? trimmed.slice(0, 100) : null
}

/** Maps a user endpoint's JSON answer; throws when the stable id is missing. */
export function readOAuthUser(provider: OAuthUserProvider, body: unknown): SocialProfile {
  switch (provider) {
    case 'github': {
      const user = userSchemas.github.parse(body)
      return { subject: String(user.id), username: clean(user.login), email: user.email ?? null }
    }
    case 'discord': {
      const user = userSchemas.discord.parse(body)
      return {
        subject: String(user.id),
        username: clean(user.username) ?? clean(user.global_name),
        email: user.email ?? null,
      }
    }
    case 'x': {
      const { data } = userSchemas.x.parse(body)
      return { subject: String(data.id), username: clean(data.username), email: null }
    }
    case 'facebook': {
      const user = userSchemas.facebook.parse(body)
      return { subject: String(user.id), username: clean(user.name), email: user.email ?? null }
    }
  }
}

/** Maps checked ID token claims: `sub`, the email only when verified, a name. */
export function readIdTokenClaims(claims: unknown): SocialProfile {
  const token = idTokenSchema.parse(claims)
  const verified = token.email_verified === true || token.email_verified === 'true'
  return {
    subject: token.sub,
    username: clean(token.preferred_username) ?? clean(token.name),
    email: verified ? (token.email ?? null) : null,
  }
}

export const isOAuthUserProvider = (provider: SocialProvider): provider is OAuthUserProvider =>
  provider in userSchemas
