import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv, ProjectLookup } from '../appEnv.ts'
import type { ProjectStore } from '../stores/projectStore.ts'

/**
 * Looks up the project a request names (`projectId` query parameter or `X-Project-Id`
 * header) once, so the origin check, CORS and `requireProject` share one store read.
 */
export function loadProject(
  projects: ProjectStore,
  { readBody = true }: { readBody?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Looked up already (before the body limit): nothing to wait for.
    if (c.get('projectLookup')) return next()
    c.set('projectLookup', await lookUpProject(c, projects, { readBody }))
    await next()
  }
}

/** The request's project lookup: the one `loadProject` stored, or a fresh one. */
export async function lookUpProject(
  c: Context<AppEnv>,
  projects: ProjectStore,
  { readBody = true }: { readBody?: boolean } = {},
): Promise<ProjectLookup | undefined> {
  const stored = c.get('projectLookup')
  if (stored) return stored
  const projectId =
    c.req.query('projectId') ??
    c.req.header('x-project-id') ??
    (readBody && c.req.method === 'POST' ? await readBodyProjectId(c) : undefined)
  if (!projectId) return undefined
  // Ids are short words (LATCH_PROJECT_IDS, 32 hex); anything else (huge, NUL) is unknown
  // without a store read.
  const project = projectIdPattern.test(projectId) ? await projects.get(projectId) : undefined
  return { projectId, project }
}

const projectIdPattern = /^[\w-]{1,128}$/

/**
 * The `projectId` of a POST's JSON body, as spec section 7's POST calls send it; undefined when
 * the body is not a JSON object holding one (the route then says what is wrong with it).
 */
async function readBodyProjectId(c: Context<AppEnv>): Promise<string | undefined> {
  try {
    // Hono keeps the body text, so the route can still read it.
    const body: unknown = JSON.parse(await c.req.text())
    if (typeof body === 'object' && body !== null && 'projectId' in body)
      return typeof body.projectId === 'string' && body.projectId ? body.projectId : undefined
  } catch {
    // Not JSON: no project id in it.
  }
  return undefined
}
