import type { RequestIdVariables } from 'hono/request-id'
import type { Project } from './stores/projectStore.ts'

/** Hono context variables set by the API's middleware. */
export type AppEnv = {
  Variables: RequestIdVariables & { project: Project }
}
