import { z } from 'zod'
import { projectIdParam } from './params.ts'

export {
  chainIdFromNameCoinType,
  createNameAttributesMessage,
  createNameMessage,
  defaultNameSuffix,
  isValidNameLabel,
  nameLabelRules,
  nameMessageMaxSkewSeconds,
  toNameCoinType,
} from './nameRules.ts'

/**
 * Free-form profile attributes: at most 20, keys of letters, digits, `_`, `.`, `-`. `avatar`
 * is the name's picture: an `https://` URL (or an image URL on the API's own origin); the API
 * refuses anything else with a 400 and never fetches it.
 */
export const nameAttributesSchema = z
  .record(
    z.string().regex(/^[\w.-]{1,64}$/, 'Attribute keys are 1 to 64 letters, digits, _, . or -.'),
    z.string().max(1024, 'Attribute values are at most 1024 characters.'),
  )
  .refine((attributes) => Object.keys(attributes).length <= 20, 'At most 20 attributes.')

/**
 * The registration message the account signs (EIP-191 `personal_sign`), as a JSON object with
 * exactly these keys: `name` the full name with the suffix (`alice.latch.id`), `attributes`
 * (may be `{}`) and `timestamp` in Unix seconds, within 10 minutes of the server's clock so a
 * signed message cannot be replayed later. Build it with `createNameMessage`.
 */
export const nameMessageSchema = z.strictObject({
  name: z.string().min(1).max(255),
  attributes: nameAttributesSchema,
  timestamp: z.number().int().nonnegative(),
})
export type NameMessage = z.infer<typeof nameMessageSchema>

/**
 * The message that changes a registered name's attributes (`POST
 * /v1/profile/account/{name}/attributes`), signed by the name's address like a registration:
 * `action` `"set-attributes"`, the full `name`, the new `attributes` (they replace the old
 * ones; `{}` clears them) and `timestamp` within 10 minutes of the server's clock and later
 * than the name's last update, so an old update cannot be replayed. Build it with
 * `createNameAttributesMessage`.
 */
export const nameAttributesMessageSchema = z.strictObject({
  action: z.literal('set-attributes'),
  name: z.string().min(1).max(255),
  attributes: nameAttributesSchema,
  timestamp: z.number().int().nonnegative(),
})
export type NameAttributesMessage = z.infer<typeof nameAttributesMessageSchema>

/** Body of `POST /v1/profile/account/{name}/attributes`: the signed message and signature. */
export const setNameAttributesBodySchema = z.object({
  projectId: projectIdParam.optional(),
  message: z.string().max(8192, 'message is at most 8192 characters.'),
  signature: z.string().regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'signature must be 0x-prefixed hex.'),
})
export type SetNameAttributesBody = z.input<typeof setNameAttributesBodySchema>

const coinTypeMessage = 'coin_type must be an ENSIP-11 coin type: 60, or 2147483648 + the chain id.'

/**
 * Body of `POST /v1/profile/account` (spec section 7: coin_type, address, message, signature).
 * `message` is the string `createNameMessage` builds; `signature` the account's signature of
 * it: EIP-191 from an EOA, ERC-1271 from a deployed contract account, ERC-6492 from one not
 * deployed yet.
 */
export const registerNameBodySchema = z.object({
  projectId: projectIdParam.optional(),
  /** ENSIP-11 coin type (`toNameCoinType`), a number or a string of digits. */
  coin_type: z.union(
    [
      z.number().int(coinTypeMessage).nonnegative(coinTypeMessage),
      z
        .string()
        .regex(/^\d{1,10}$/, coinTypeMessage)
        .transform(Number),
    ],
    coinTypeMessage,
  ),
  address: z.string(),
  message: z.string().max(8192, 'message is at most 8192 characters.'),
  signature: z.string().regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'signature must be 0x-prefixed hex.'),
})
export type RegisterNameBody = z.input<typeof registerNameBodySchema>

/**
 * A registered name: `GET /v1/profile/account/{name}?chainId`, each entry of
 * `GET /v1/profile/reverse/{address}` and the answer to a registration. `addresses` is keyed
 * by ENSIP-11 coin type. An EOA's name (its key signs on every chain): `"60"` (the account's
 * EVM address, what ENS `addr(node)` reads) and, when registered for another chain, that
 * chain's coin type too. A contract account's name: only the coin types of the chains it
 * proved itself on (ERC-1271/6492), since the same address elsewhere may be someone else's;
 * asked with `chainId` for another chain, the lookup is a 404.
 */
export const nameProfileSchema = z.object({
  /** The full name in lower case, e.g. `alice.latch.id`. */
  name: z.string(),
  addresses: z.record(
    z.string(),
    z.object({
      address: z.string(),
      /** ISO 8601: when the name got this address (its registration). */
      created: z.string().describe('ISO 8601: when the name got this address.'),
    }),
  ),
  /**
   * The reference client's shape: a list of attribute objects. Latch answers one object
   * holding every attribute (`[{ "avatar": "https://...", "bio": "..." }]`), `[]` when none.
   */
  attributes: z
    .array(z.record(z.string(), z.string()))
    .describe('`[{ avatar?, bio?, ... }]`: one object with every attribute; `[]` when none.'),
  /** ISO 8601: when the name was registered (the reference client's field). */
  registered_at: z.string().describe('ISO 8601: when the name was registered.'),
  /** ISO 8601: when its attributes last changed; the registration time until then. */
  updated_at: z.string().describe('ISO 8601: when its attributes last changed.'),
  /** ISO 8601; the same as `registered_at` (Latch's older field). */
  created_at: z.string(),
})
export type NameProfile = z.infer<typeof nameProfileSchema>

/** `GET /v1/profile/reverse/{address}`: the address's names, newest first; `[]` when none. */
export const reverseNamesResponseSchema = z.array(nameProfileSchema)

/** Query of `GET /v1/profile/suggestions/{name}`. */
export const nameSuggestionsQuerySchema = z.object({
  projectId: projectIdParam,
  /** `true`: list taken candidates too (with `registered: true`); by default only free ones. */
  includeRegistered: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
})

/** `GET /v1/profile/suggestions/{name}`: the name itself when free, then variations. */
export const nameSuggestionsResponseSchema = z.object({
  suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })),
})
export type NameSuggestionsResponse = z.infer<typeof nameSuggestionsResponseSchema>

/** Query of `GET /v1/profile/reverse/{address}`. */
export const reverseNamesQuerySchema = z.object({ projectId: projectIdParam })

/**
 * Query of `GET /v1/profile/account/{name}`: with `chainId`, answer only if the name has an
 * address on that chain (a contract account's may not).
 */
export const nameProfileQuerySchema = reverseNamesQuerySchema.extend({
  chainId: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, 'chainId must be a chain id like 8453.')
    .transform(Number)
    .optional(),
})
