export type CleanChainStringOptions = {
  /** Longest result, in characters (code points); longer text is cut. */
  maxLength: number
  /** Keep line breaks (descriptions); otherwise every run of white space becomes one space. */
  multiline?: boolean | undefined
}

/**
 * Cleans a string that came from a chain or a contract's server (token names and symbols,
 * NFT names, descriptions and attributes) before the API stores or shows it: no C0/C1 control
 * characters, no bidi overrides, embeddings, isolates or marks (U+202A-202E, U+2066-2069,
 * U+200E/200F, U+061C), no other invisible format characters (zero-width spaces, BOM, tags)
 * except the zero-width joiner emoji need, no lone surrogates; NFC, trimmed, and capped.
 * Those characters let a name pose as another ("USDC" reading backwards, a hidden suffix).
 */
export function cleanChainString(
  value: string,
  { maxLength, multiline = false }: CleanChainStringOptions,
): string {
  // Lone surrogates (half an emoji cut off on chain) are dropped.
  let text = value.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '',
  )
  text = text.replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
  text = text.replace(/[\p{Cf}](?<!\u200D)/gu, '')
  text = multiline
    ? text
        .replace(/[^\S\n]+/g, ' ')
        .replace(/[\p{Cc}](?<!\n)/gu, '')
        .replace(/ *\n */g, '\n')
        .replace(/\n{3,}/g, '\n\n')
    : text.replace(/\s+/g, ' ').replace(/\p{Cc}/gu, '')
  text = text.normalize('NFC').trim()
  const characters = Array.from(text)
  return characters.length > maxLength ? characters.slice(0, maxLength).join('').trimEnd() : text
}
