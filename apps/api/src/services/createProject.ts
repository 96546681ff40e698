import { randomBytes } from 'node:crypto'
import { InvalidProjectInputError } from '../errors/project.ts'
import { parseOriginPattern } from '../middleware/parseOriginPattern.ts'
import type { Project, ProjectStore } from '../stores/projectStore.ts'

export type CreateProjectParameters = {
  name: string
  /** Origin patterns (`https://app.example.com`, `https://*.example.com`, `http://localhost:*`). */
  allowedOrigins: readonly string[]
}

/**
 * Creates a project with a new random 32-hex id. Throws `InvalidProjectInputError` naming
 * each problem (a missing name, a bad origin pattern).
 */
export async function createProject(
  projects: ProjectStore,
  parameters: CreateProjectParameters,
): Promise<Project> {
  const input = parseCreateProjectParameters(parameters)
  return projects.upsert({ id: randomBytes(16).toString('hex'), ...input })
}

/**
 * Checks and normalizes what `createProject` takes (trimmed name, unique origins), so a
 * caller can refuse bad input before opening the database.
 */
export function parseCreateProjectParameters(
  parameters: CreateProjectParameters,
): CreateProjectParameters {
  const name = parameters.name.trim()
  const allowedOrigins = [...new Set(parameters.allowedOrigins.map((origin) => origin.trim()))]
  const problems: string[] = []
  if (!name) problems.push('A project name is required (--name "My app").')
  else if (name.length > 100) problems.push('The project name must be at most 100 characters.')
  for (const origin of allowedOrigins) {
    const parsed = parseOriginPattern(origin)
    if (!parsed.ok) problems.push(parsed.problem)
  }
  if (problems.length > 0) throw new InvalidProjectInputError({ problems })
  return { name, allowedOrigins }
}
