/** `scheme://[user@]host[:port]` then whatever follows up to a space or quote. */
const urlPattern = /\b(https?|wss?):\/\/(?:[^\s/@"'<>]*@)?([^\s/?#"'<>]+)([^\s"'<>]*)/gi

/**
 * Cuts every http(s)/ws(s) URL in `text` down to its scheme and host, since providers put
 * keys in the path, the query or the user part (`https://eth.example/v3/KEY`). Logs go
 * through it, so an RPC URL inside an error text never reaches them whole.
 */
export function redactUrls(text: string): string {
  return text.replace(urlPattern, (_url, scheme: string, host: string, rest: string) =>
    rest === '' || rest === '/' ? `${scheme}://${host}${rest}` : `${scheme}://${host}/[redacted]`,
  )
}
