/** Every 6-digit one-time code in `text` (a run of exactly six digits), unique, in order. */
export function findMailCodes(text: string): string[] {
  return [...new Set(text.match(/(?<![\w.,])\d{6}(?!\w|[.,]\d)/g) ?? [])]
}

/** Every http(s) link in `text`, unique, in order, without trailing punctuation. */
export function findMailLinks(text: string): string[] {
  const links = (text.match(/https?:\/\/[^\s<>"']+/g) ?? []).map((link) =>
    link.replace(/[.,;:!?)\]]+$/, ''),
  )
  return [...new Set(links.filter((link) => URL.canParse(link)))]
}
