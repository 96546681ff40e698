import type { z } from 'zod'
import { OnrampProviderError } from '../../errors/onramp.ts'
import { OutboundFetchError } from '../../errors/outbound.ts'
import type { OnrampFetch, OnrampFetchOptions } from './onrampFetch.ts'

export type RequestProviderJsonParameters<schema extends z.ZodType> = {
  fetch: OnrampFetch
  /** The provider's id, for the error. */
  provider: string
  url: string
  options: Omit<OnrampFetchOptions, 'maxBytes'> & { maxBytes?: number | undefined }
  /** The shape the provider's API documents for a success. */
  schema: schema
}

/** Answers larger than this are refused: option lists are the largest, and stay well below. */
const defaultMaxBytes = 2 * 1024 * 1024

/**
 * Calls a provider and reads its JSON answer against `schema`. Every failure (no answer in
 * time, an error status, a body that is not JSON or not the documented shape) is an
 * `OnrampProviderError` whose reason names no URL or key.
 */
export async function requestProviderJson<schema extends z.ZodType>({
  fetch,
  provider,
  url,
  options,
  schema,
}: RequestProviderJsonParameters<schema>): Promise<z.output<schema>> {
  let response: Response
  try {
    response = await fetch(url, { ...options, maxBytes: options.maxBytes ?? defaultMaxBytes })
  } catch (cause) {
    const reason = cause instanceof OutboundFetchError ? cause.reason : 'the request failed'
    throw new OnrampProviderError({ provider, reason, cause })
  }
  let text: string
  try {
    text = await response.text()
  } catch (cause) {
    const reason = cause instanceof OutboundFetchError ? cause.reason : 'the body was cut short'
    throw new OnrampProviderError({ provider, reason, cause })
  }
  if (!response.ok)
    throw new OnrampProviderError({ provider, reason: `HTTP status ${response.status}` })
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (cause) {
    throw new OnrampProviderError({ provider, reason: 'an answer that is not JSON', cause })
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success)
    throw new OnrampProviderError({
      provider,
      reason: "an answer that is not its API's shape",
      cause: parsed.error,
    })
  return parsed.data
}
