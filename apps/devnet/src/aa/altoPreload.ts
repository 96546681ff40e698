/**
 * Loaded into each alto process (`node --import`) by `startAlto`, before alto itself:
 *
 * - alto's server listens on 0.0.0.0 (hard-coded in its RPC server) and checks no `Origin`:
 *   every listen without a host, or on a wildcard host, is moved to 127.0.0.1; the stack
 *   publishes it through its guard proxy like anvil.
 * - alto does not always exit with its parent: it exits when its stdin (a pipe from the devnet)
 *   closes, which happens however the devnet's process ends, SIGKILL included.
 */
import net from 'node:net'
import { isMainThread } from 'node:worker_threads'

const listen = net.Server.prototype.listen
const wildcard = (host: unknown) => host === undefined || host === '0.0.0.0' || host === '::'

net.Server.prototype.listen = function listenOnLoopback(this: net.Server, ...args: unknown[]) {
  const [first] = args
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    const rest = args.slice(1)
    if (wildcard(typeof rest[0] === 'string' ? rest[0] : undefined)) {
      const hostless = typeof rest[0] === 'string' ? rest.slice(1) : rest
      return listen.apply(this, [first, '127.0.0.1', ...hostless] as never)
    }
  } else if (first !== null && typeof first === 'object') {
    const options = first as { host?: string; path?: string; fd?: number }
    if (options.path === undefined && options.fd === undefined && wildcard(options.host)) {
      return listen.apply(this, [{ ...options, host: '127.0.0.1' }, ...args.slice(1)] as never)
    }
  }
  return listen.apply(this, args as never)
} as typeof listen

// Worker threads (alto's logger runs one) load this too: only the main thread watches stdin.
if (isMainThread) {
  const exitWithParent = () => process.exit(0)
  process.stdin.on('end', exitWithParent)
  process.stdin.on('error', exitWithParent)
  process.stdin.resume()
}
