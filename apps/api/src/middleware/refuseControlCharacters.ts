import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { ControlCharacterError, MalformedUrlError } from '../errors/request.ts'

// C0 controls and DEL: never part of a path segment, an address, a name or a project id.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them.
const controlCharacter = /[\u0000-\u001f\u007f]/

/**
 * Refuses, with a 400, a URL whose path or query (once percent-decoded) holds a control
 * character such as NUL, or whose percent-encoding is malformed, so no route and no database
 * ever sees one (PostgreSQL refuses NUL in text).
 */
export function refuseControlCharacters(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url
    // Nothing percent-encoded and no control character as is: nothing to decode or refuse (the
    // common case, checked in one scan).
    if (!url.includes('%') && !controlCharacter.test(url)) return next()
    const queryStart = url.indexOf('?')
    const rawPath = url.slice(
      url.indexOf('/', url.indexOf('//') + 2),
      queryStart === -1 ? undefined : queryStart,
    )
    let path: string
    try {
      path = decodeURIComponent(rawPath)
    } catch {
      throw new MalformedUrlError()
    }
    if (controlCharacter.test(path)) throw new ControlCharacterError({ where: 'request path' })
    if (queryStart !== -1) {
      for (const [name, value] of new URLSearchParams(url.slice(queryStart + 1)))
        if (controlCharacter.test(name) || controlCharacter.test(value))
          throw new ControlCharacterError({
            where: `query parameter ${JSON.stringify(name.slice(0, 40))}`,
          })
    }
    await next()
  }
}
