import {
  type AuthUser,
  authUserSchema,
  type CreateWalletBody,
  type EmailStartBody,
  type EmailVerifyBody,
  type EmailVerifyResponse,
  emailStartResponseSchema,
  emailVerifyResponseSchema,
  type FarcasterStartBody,
  type FarcasterStartResponse,
  type FarcasterVerifyBody,
  type FarcasterVerifyResponse,
  farcasterStartResponseSchema,
  farcasterVerifyResponseSchema,
  okResponseSchema,
  type SocialStartBody,
  type SocialStartResponse,
  type SocialVerifyBody,
  type SocialVerifyResponse,
  socialStartResponseSchema,
  socialVerifyResponseSchema,
  updateEmailResponseSchema,
} from '@latch/api-contract'
import type { z } from 'zod'
import { AuthApiError } from '../errors/frameRequest.ts'

export type CreateAuthApiClientParameters = {
  /** The API's base URL (the frame's config). */
  apiUrl: string
  /** Per request (default 15 s: below the page's 30 s connect timeout). */
  timeoutMs?: number | undefined
  fetchFn?: typeof fetch | undefined
}

export type AuthApiClient = ReturnType<typeof createAuthApiClient>

/**
 * The frame's client of the API's `/auth/v1` routes: JSON bodies from `@latch/api-contract`, a
 * Bearer session token where one is needed, a timeout per request, answers checked by schema.
 * A failure throws `AuthApiError` with the API's code, message and `retryAfterSeconds`.
 */
export function createAuthApiClient(parameters: CreateAuthApiClientParameters) {
  const { timeoutMs = 15_000, fetchFn = (input, init) => fetch(input, init) } = parameters
  const base = `${parameters.apiUrl.replace(/\/+$/, '')}/auth/v1`

  async function call<schema extends z.ZodType>(
    schema: schema,
    method: 'GET' | 'POST',
    path: string,
    options: { token?: string | undefined; body?: unknown } = {},
  ): Promise<z.infer<schema>> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    if (options.token) headers.authorization = `Bearer ${options.token}`
    let response: Response
    try {
      response = await fetchFn(`${base}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(timeoutMs),
        credentials: 'omit',
      })
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError')
        throw new AuthApiError({
          status: 0,
          apiCode: 'TIMEOUT',
          message: 'The Latch API did not answer in time.',
          cause: error,
        })
      throw new AuthApiError({
        status: 0,
        apiCode: 'NETWORK',
        message: 'Could not reach the Latch API.',
        cause: error,
      })
    }
    const json: unknown = await response.json().catch(() => undefined)
    if (!response.ok) throw toAuthApiError(response, json)
    const parsed = schema.safeParse(json)
    if (!parsed.success)
      throw new AuthApiError({
        status: response.status,
        apiCode: 'BAD_RESPONSE',
        message: 'The Latch API answered unexpectedly.',
      })
    return parsed.data
  }

  return {
    /** `POST /email/start`: mails a code, or a device-approval link to a known user's new device. */
    emailStart: (body: EmailStartBody) =>
      call(emailStartResponseSchema, 'POST', '/email/start', { body }),
    /** `POST /email/verify`: the emailed code for a session. */
    emailVerify: (body: EmailVerifyBody): Promise<EmailVerifyResponse> =>
      call(emailVerifyResponseSchema, 'POST', '/email/verify', { body }),
    getUser: (token: string): Promise<AuthUser> => call(authUserSchema, 'GET', '/user', { token }),
    createWallet: (token: string, body: CreateWalletBody): Promise<AuthUser> =>
      call(authUserSchema, 'POST', '/wallet', { token, body }),
    updateEmail: (token: string, body: { email: string }) =>
      call(updateEmailResponseSchema, 'POST', '/email/update', { token, body }),
    updateEmailPrimary: (token: string, body: { otp: string }) =>
      call(updateEmailResponseSchema, 'POST', '/email/update/primary', { token, body }),
    updateEmailSecondary: (token: string, body: { otp: string }): Promise<AuthUser> =>
      call(authUserSchema, 'POST', '/email/update/secondary', { token, body }),
    exportStart: (token: string) => call(okResponseSchema, 'POST', '/export/start', { token }),
    exportVerify: (token: string, body: { otp: string }) =>
      call(okResponseSchema, 'POST', '/export/verify', { token, body }),
    signOut: (token: string) => call(okResponseSchema, 'POST', '/signout', { token }),
    /** `POST /social/start`: the provider's authorization URL for a flow bound to this frame. */
    socialStart: (body: SocialStartBody): Promise<SocialStartResponse> =>
      call(socialStartResponseSchema, 'POST', '/social/start', { body }),
    /** `POST /social/verify`: the provider's answer and the flow secret, for a session. */
    socialVerify: (body: SocialVerifyBody): Promise<SocialVerifyResponse> =>
      call(socialVerifyResponseSchema, 'POST', '/social/verify', { body }),
    /** `POST /farcaster/start`: a relay channel; its URL goes in the QR code. */
    farcasterStart: (body: FarcasterStartBody): Promise<FarcasterStartResponse> =>
      call(farcasterStartResponseSchema, 'POST', '/farcaster/start', { body }),
    /** `POST /farcaster/verify`: asks once; `pending`, or the session once the client signed. */
    farcasterVerify: (body: FarcasterVerifyBody): Promise<FarcasterVerifyResponse> =>
      call(farcasterVerifyResponseSchema, 'POST', '/farcaster/verify', { body }),
  }
}

function toAuthApiError(response: Response, json: unknown): AuthApiError {
  const error =
    json &&
    typeof json === 'object' &&
    'error' in json &&
    json.error &&
    typeof json.error === 'object'
      ? (json.error as Record<string, unknown>)
      : {}
  const code = typeof error.code === 'string' ? error.code.slice(0, 64) : `HTTP_${response.status}`
  const message =
    typeof error.message === 'string' && error.message.length > 0
      ? error.message.slice(0, 1000)
      : 'Something went wrong.'
  const header = Number(response.headers.get('retry-after'))
  const seconds =
    typeof error.retryAfterSeconds === 'number' && Number.isFinite(error.retryAfterSeconds)
      ? error.retryAfterSeconds
      : Number.isFinite(header) && header > 0
        ? header
        : undefined
  return new AuthApiError({
    status: response.status,
    apiCode: code,
    message,
    retryAfterSeconds: seconds === undefined ? undefined : Math.max(0, Math.ceil(seconds)),
  })
}
