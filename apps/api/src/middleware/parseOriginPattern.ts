import { getDomain } from 'tldts'

/** A checked origin pattern: `*`, or a scheme, a host (maybe `*.` + domain) and a port rule. */
export type OriginPattern =
  | { kind: 'any' }
  | {
      kind: 'origin'
      /** `http:` or `https:`. */
      scheme: string
      /** The host as the URL parser writes it (lower case, IPv6 in brackets), without `*.`. */
      host: string
      /** Whether the pattern was `*.<host>`: one or more subdomain labels, never the bare host. */
      subdomains: boolean
      /** `*`: any port (or none); `''`: the scheme's default; else the exact port. */
      port: string
    }

export type ParseOriginPatternReturnType =
  | { ok: true; pattern: OriginPattern }
  | { ok: false; problem: string }

/** Patterns longer than this are refused (no real origin is near it). */
const maxPatternLength = 300
const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
const expected =
  'expected one like "https://app.example.com", "https://*.example.com" or "http://localhost:*"'

/**
 * Parses and checks one allowed-origin pattern, refusing over-broad ones: `*` may only be the
 * whole leftmost host label and must sit over a registrable domain (not `*.com`, `example.*`,
 * `*.co.uk`, `*.github.io`, `http://*:*`). No regular expression runs over the whole input.
 */
export function parseOriginPattern(value: string): ParseOriginPatternReturnType {
  const fail = (reason: string) =>
    ({ ok: false, problem: `${JSON.stringify(value.slice(0, 80))} ${reason}` }) as const
  if (value === '*') return { ok: true, pattern: { kind: 'any' } }
  if (value.length > maxPatternLength) return fail(`is longer than ${maxPatternLength} characters.`)
  const lower = value.toLowerCase().replace(/\/$/, '')
  const schemeEnd = lower.indexOf('://')
  const scheme = schemeEnd === -1 ? '' : `${lower.slice(0, schemeEnd)}:`
  if (scheme !== 'http:' && scheme !== 'https:')
    return fail(`is not an origin pattern: ${expected}.`)
  const authority = lower.slice(schemeEnd + 3)
  // The port follows the last colon after the host (an IPv6 host sits in brackets).
  const hostEnd = authority.startsWith('[') ? authority.indexOf(']') + 1 : authority.indexOf(':')
  const host = hostEnd <= 0 ? authority : authority.slice(0, hostEnd)
  const portPart = hostEnd <= 0 ? '' : authority.slice(hostEnd)
  let port: string
  if (portPart === '') port = ''
  else if (portPart === ':*') port = '*'
  else if (/^:\d{1,5}$/.test(portPart) && Number(portPart.slice(1)) <= 65535)
    port = String(Number(portPart.slice(1)))
  else return fail(`is not an origin pattern: ${expected}.`)

  if (host === '*' || host.startsWith('*:'))
    return fail('allows every host: name a domain, like "https://*.example.com".')
  const labels = host.split('.')
  const subdomains = labels[0] === '*'
  const rest = subdomains ? labels.slice(1) : labels
  if (rest.some((part) => part.includes('*')) || (labels[0] ?? '').includes('*') !== subdomains)
    return fail(
      'uses * other than as the whole leftmost label: only patterns like "https://*.example.com" are allowed.',
    )
  const bareHost = rest.join('.')
  const isIpv6 = bareHost.startsWith('[')
  if (!isIpv6 && !rest.every((part) => label.test(part)))
    return fail(`is not an origin pattern: ${expected}.`)
  let normalized: URL
  try {
    normalized = new URL(`${scheme}//${bareHost}`)
  } catch {
    return fail(`is not an origin pattern: ${expected}.`)
  }
  // The URL parser rewrites odd hosts (`127.1`, `0x7f.1`); a pattern must already be plain.
  if (normalized.host !== bareHost) return fail(`is not an origin pattern: ${expected}.`)
  if (subdomains) {
    if (isIpv6 || /^[\d.]+$/.test(bareHost))
      return fail('puts * over an IP address: only a domain can have subdomains.')
    if (getDomain(bareHost, { allowPrivateDomains: true }) === null)
      return fail(
        `is too broad: ${bareHost} is a public suffix, where anyone can register a site. Name a domain under it, like "${scheme}//*.example.${bareHost}".`,
      )
  }
  if (port !== '*' && port === (scheme === 'https:' ? '443' : '80')) port = ''
  return { ok: true, pattern: { kind: 'origin', scheme, host: bareHost, subdomains, port } }
}
