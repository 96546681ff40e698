import type { Project } from '../stores/projectStore.ts'
import { parseOriginPattern } from './parseOriginPattern.ts'

/**
 * The stored origin patterns the matcher skips (malformed or over-broad, say written before
 * the checks existed), one sentence each, for a warning at start: such a pattern allows
 * nothing, so the project's pages may be refused.
 */
export function listIgnoredOriginPatterns(projects: readonly Project[]): string[] {
  const problems: string[] = []
  for (const project of projects)
    for (const origin of project.allowedOrigins) {
      const parsed = parseOriginPattern(origin)
      if (!parsed.ok)
        problems.push(`Project ${project.id} (${project.name}): ignored origin ${parsed.problem}`)
    }
  return problems
}
