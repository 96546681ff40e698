import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { InvalidProjectIdError, ProjectIdRequiredError } from '../errors/request.ts'
import type { ProjectStore } from '../stores/projectStore.ts'
import { lookUpProject } from './loadProject.ts'

/**
 * Requires a known calling project (`projectId` query parameter or `X-Project-Id` header)
 * and stores it as `project`; a missing id is a 400, an unknown one a 401.
 */
export function requireProject(projects: ProjectStore): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const lookup = await lookUpProject(c, projects)
    if (!lookup) throw new ProjectIdRequiredError()
    if (!lookup.project) throw new InvalidProjectIdError()
    c.set('project', lookup.project)
    await next()
  }
}
