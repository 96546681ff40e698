import type { Project, ProjectStore } from './projectStore.ts'

/** A `ProjectStore` over a fixed list, seeded at startup (the devnet project, LATCH_PROJECT_IDS). */
export function createMemoryProjectStore(projects: readonly Project[]): ProjectStore {
  const byId = new Map(projects.map((project) => [project.id, project]))
  return {
    async get(id) {
      return byId.get(id)
    },
  }
}
