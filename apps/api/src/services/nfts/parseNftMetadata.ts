/** What the API keeps of an ERC-721 metadata document. */
export type ParsedNftMetadata = {
  name: string | null
  description: string | null
  /** The image's URL as the metadata gives it (http(s), ipfs:// or data:). */
  imageUrl: string | null
}

/**
 * Reads the ERC-721 metadata JSON fields the wallet shows (`name`, `description`, `image`, or
 * `image_url`, or inline SVG `image_data`), ignoring anything of the wrong type and cutting
 * long strings, since the document is whatever the contract's owner serves.
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
  return {
    name: string(record.name, 200),
    description: string(record.description, 2_000),
    imageUrl,
  }
}
