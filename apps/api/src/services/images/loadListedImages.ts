import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

/** One image of the repo's list (`apps/api/src/images/assets.json`): a disc with a mark or text. */
export const listedImageSchema = z
  .strictObject({
    label: z.string().min(1).max(60),
    color: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
    mark: z.enum(['diamond', 'ring', 'hexagon', 'latch']).optional(),
    text: z.string().min(1).max(3).optional(),
  })
  .refine((image) => (image.mark === undefined) !== (image.text === undefined), {
    message: 'An image has a mark or a text, not both.',
  })
export type ListedImage = z.infer<typeof listedImageSchema>

export const listedImagesSchema = z.strictObject({
  $comment: z.string().optional(),
  networks: z.record(
    z
      .string()
      .regex(/^(?:eip155:[1-9]\d{0,15}|solana:[1-9A-HJ-NP-Za-km-z]{32}|bip122:[0-9a-f]{32})$/),
    listedImageSchema,
  ),
  currencies: z.record(z.string().regex(/^[A-Z]{3}$/), listedImageSchema),
  tokens: z.record(z.string().regex(/^[A-Z0-9]{1,11}$/), listedImageSchema),
})
export type ListedImages = z.infer<typeof listedImagesSchema>

/** Where the list lives. */
export const listedImagesPath = path.resolve(import.meta.dirname, '../../images/assets.json')

/** Reads and checks the repo's image list (throws on a bad entry: a test keeps it valid). */
export function loadListedImages(file: string = listedImagesPath): ListedImages {
  return listedImagesSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
}
