import type { ProjectSeed } from '../loadConfig.ts'
import type { ProjectStore } from '../stores/projectStore.ts'

/**
 * Writes the start-up projects: the devnet's replaced (its origins stay the local ones), the
 * LATCH_PROJECT_IDS ones added only when missing (a name and origins set with the CLI stay).
 */
export async function seedProjects(
  projects: ProjectStore,
  seeds: readonly ProjectSeed[],
): Promise<void> {
  for (const { keepExisting, ...input } of seeds)
    await (keepExisting ? projects.ensure(input) : projects.upsert(input))
}
