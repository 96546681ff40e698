import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { InvalidProjectIdError, ProjectIdRequiredError } from '../errors/request.ts'
import type { ProjectStore } from '../stores/projectStore.ts'

/**
 * Resolves the calling project from the `projectId` query parameter (or an `X-Project-Id`
 * header) and stores it as `project`; a missing id is a 400, an unknown one a 401.
 */
export function requireProject(projects: ProjectStore): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const projectId = c.req.query('projectId') ?? c.req.header('x-project-id')
    if (!projectId) throw new ProjectIdRequiredError()
    // Ids are short; a huge one is refused before it reaches the store.
    const project = projectId.length <= 128 ? await projects.get(projectId) : undefined
    if (!project) throw new InvalidProjectIdError()
    c.set('project', project)
    await next()
  }
}
