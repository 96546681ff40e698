import type { RequestIdVariables } from 'hono/request-id'
import type { RateLimitDecision } from './stores/createRateLimitCounter.ts'
import type { Project } from './stores/projectStore.ts'

/** The project id a request named and what it resolved to (undefined: no such project). */
export type ProjectLookup = { projectId: string; project: Project | undefined }

/** Hono context variables set by the API's middleware. */
export type AppEnv = {
  Variables: RequestIdVariables & {
    /** The calling project, set by `requireProject` on the routes that need one. */
    project: Project
    /** Set by `loadProject` when the request names a project id; unset when it names none. */
    projectLookup: ProjectLookup | undefined
    /**
     * The API's public origin (LATCH_PUBLIC_API_URL, else the listen URL): absolute URLs the
     * API returns start with it, never with the request's `Host` header.
     */
    apiOrigin: string
    /**
     * Set by the rate limit: counts `count` more reads of this client and project (a JSON-RPC
     * batch counts one per request); refused past a limit. Unset when nothing is limited.
     */
    countReads: ((count: number) => RateLimitDecision) | undefined
    /**
     * Set by the rate limit: counts `count` writes of this client and project (a relayed Solana
     * `sendTransaction` is one); refused past a limit. Unset when nothing is limited.
     */
    countWrites: ((count: number) => Promise<RateLimitDecision>) | undefined
  }
}
