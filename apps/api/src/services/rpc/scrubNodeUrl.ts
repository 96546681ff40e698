/**
 * A node's error text with the node's URL replaced by `[node]`: the URL whole, and the parts
 * of it that may hold a provider key (its path, query and user), so a node quoting its own
 * address never hands the key to a page.
 */
export function scrubNodeUrl(text: string, url: string): string {
  let scrubbed = text
  for (const secret of secretsOf(url)) scrubbed = scrubbed.replaceAll(secret, '[node]')
  return scrubbed
}

/** The parts to hide, longest first, so the URL is replaced whole before its path alone. */
function secretsOf(url: string): string[] {
  const secrets = [url, url.replace(/\/+$/, '')]
  try {
    const parsed = new URL(url)
    if (parsed.pathname.length > 1) secrets.push(parsed.host + parsed.pathname, parsed.pathname)
    if (parsed.search.length > 1) secrets.push(parsed.search.slice(1))
    if (parsed.username) secrets.push(parsed.username)
    if (parsed.password) secrets.push(parsed.password)
  } catch {
    // Configuration checked it is a URL; nothing more to hide.
  }
  return [...new Set(secrets)]
    .filter((secret) => secret.length > 1)
    .sort((a, b) => b.length - a.length)
}
