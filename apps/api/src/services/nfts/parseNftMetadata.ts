import { cleanChainString } from '../cleanChainString.ts'

/** What the API keeps of an ERC-721 metadata document. */
export type ParsedNftMetadata = {
  name: string | null
  description: string | null
  /** The image's URL as the metadata gives it (http(s), ipfs:// or data:). */
  imageUrl: string | null
}

/**
 * Reads the ERC-721 metadata JSON fields the wallet shows (`name`, `description`, `image`, or
 * `image_url`, or inline SVG `image_data`), ignoring anything of the wrong type, cleaning the
 * shown text of control and bidi characters and cutting long strings, since the document is
 * whatever the contract's owner serves.
 */
export function parseNftMetadata(text: string): ParsedNftMetadata | undefined {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined
  const record = json as Record<string, unknown>
  const string = (value: unknown, max: number) =>
    typeof value === 'string' && value.trim().length > 0 ? value.trim().slice(0, max) : null
  const imageData = string(record.image_data, 100_000)
  const imageUrl =
    string(record.image, 100_000) ??
    string(record.image_url, 100_000) ??
    (imageData?.startsWith('<svg')
      ? `data:image/svg+xml;base64,${Buffer.from(imageData).toString('base64')}`
      : null)
  const shown = (value: unknown, maxLength: number, multiline = false) => {
    const cleaned =
      typeof value === 'string' ? cleanChainString(value, { maxLength, multiline }) : ''
    return cleaned.length > 0 ? cleaned : null
  }
  return {
    name: shown(record.name, 200),
    description: shown(record.description, 2_000, true),
    imageUrl,
  }
}
