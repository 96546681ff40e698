import type { Project } from '../stores/projectStore.ts'
import { createOriginMatcher } from './createOriginMatcher.ts'

/**
 * Returns the origin test for a project: its own allowed origins, or `defaultOrigins` (the
 * API's LATCH_ALLOWED_ORIGINS) when it has none or the request names no known project.
 * Compiled matchers are reused per distinct list, and found per project object without joining
 * its list again (the cached project store hands out the same object for its TTL).
 */
export function createProjectOriginMatcher(
  defaultOrigins: readonly string[],
): (project: Project | undefined) => (origin: string) => boolean {
  const matchesDefault = createOriginMatcher(defaultOrigins)
  const compiled = new Map<string, (origin: string) => boolean>()
  const byProject = new WeakMap<Project, (origin: string) => boolean>()
  return (project) => {
    if (!project || project.allowedOrigins.length === 0) return matchesDefault
    const known = byProject.get(project)
    if (known) return known
    const key = project.allowedOrigins.join('\n')
    let matches = compiled.get(key)
    if (!matches) {
      // Bounded: one entry per distinct list, cleared if projects ever outnumber it.
      if (compiled.size >= 1000) compiled.clear()
      matches = createOriginMatcher(project.allowedOrigins)
      compiled.set(key, matches)
    }
    byProject.set(project, matches)
    return matches
  }
}
