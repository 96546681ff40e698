import {
  caipNetworkIdPattern,
  isWalletLink,
  walletBadgeTypes,
  walletIdPattern,
} from '@latch/api-contract'
import { z } from 'zod'

const link = z
  .string()
  .refine(isWalletLink, 'Expected a URL or a native scheme like "metamask://".')
const httpsUrl = z
  .string()
  .refine(
    (value) => value.startsWith('https://') && URL.canParse(value),
    'Expected an https:// URL.',
  )

/**
 * One wallet of `wallets.json`, the registry the project maintains. `image_id` names the
 * generated image and is served as immutable: give it a new value (`-v2`) whenever `name`,
 * `initials` or `color` change.
 */
export const walletRegistryEntrySchema = z.strictObject({
  id: z.string().regex(walletIdPattern, 'Expected a kebab-case id like "ledger-live".'),
  name: z.string().trim().min(1).max(48),
  /** Recommendation rank: lower comes first; leave gaps so entries can be inserted. */
  order: z.number().int().nonnegative(),
  badge_type: z.enum(walletBadgeTypes),
  rdns: z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'Expected a reverse-DNS id like "io.metamask".')
    .nullable(),
  chains: z
    .array(z.string().regex(caipNetworkIdPattern, 'Expected a CAIP-2 id like "eip155:1".'))
    .min(1, 'Expected at least one chain.'),
  mobile_link: link.nullable(),
  desktop_link: link.nullable(),
  webapp_link: httpsUrl.nullable(),
  homepage: httpsUrl.nullable(),
  image_id: z.string().regex(walletIdPattern, 'Expected a kebab-case id like "metamask-v1".'),
  /** Background of the generated image. */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Expected a color like "#1A2B3C".'),
  /** Letters on the generated image; derived from the name when absent. */
  initials: z
    .string()
    .regex(/^[\p{L}\p{N}]{1,3}$/u, 'Expected 1 to 3 letters or digits.')
    .optional(),
})
export type WalletRegistryEntry = z.infer<typeof walletRegistryEntrySchema>
