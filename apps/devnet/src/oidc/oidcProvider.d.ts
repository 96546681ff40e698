/**
 * The part of `oidc-provider`'s API the local OpenID provider uses (the package ships no types).
 * Configuration stays loosely typed: it is the library's own documented object.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string
    userCode?: string
    uid?: string
    consumed?: number
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>
    find(id: string): Promise<AdapterPayload | undefined>
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>
    findByUid(uid: string): Promise<AdapterPayload | undefined>
    consume(id: string): Promise<void>
    destroy(id: string): Promise<void>
    revokeByGrantId(grantId: string): Promise<void>
  }

  export type AdapterConstructor = new (name: string) => Adapter

  export type Account = {
    accountId: string
    claims(
      use: string,
      scope: string,
      claims: unknown,
      rejected: string[],
    ): Promise<Record<string, unknown>>
  }

  export type InteractionDetails = {
    uid: string
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> }
    params: Record<string, unknown>
    session?: { accountId?: string }
    grantId?: string
  }

  export type InteractionResults = Record<string, unknown>

  export interface Grant {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  export interface AccessToken {
    accountId: string
    clientId: string
    scope?: string
    isSenderConstrained(): boolean
  }

  export interface OIDCContext {
    oidc: { result?: Record<string, unknown> }
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    readonly issuer: string
    proxy: boolean
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    urlFor(name: string, options?: Record<string, unknown>): string
    on(event: string, listener: (...args: unknown[]) => void): this
    readonly Grant: new (properties: {
      accountId: string
      clientId: string
    }) => Grant
    readonly AccessToken: { find(token: string): Promise<AccessToken | undefined> }
  }

  export class Check {
    constructor(
      reason: string,
      description: string,
      error: string,
      check: (ctx: OIDCContext) => boolean,
    )
    static REQUEST_PROMPT: true
    static NO_NEED_TO_PROMPT: false
  }

  export const interactionPolicy: {
    Check: typeof Check
    base(): {
      get(name: string): { checks: Check[] } | undefined
    }
  }

  export default Provider
}
