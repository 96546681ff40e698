import type { Project, ProjectInput, ProjectStore } from './projectStore.ts'

/** A `ProjectStore` in this process's memory, for tests (the API keeps projects in its database). */
export function createMemoryProjectStore(projects: readonly ProjectInput[] = []): ProjectStore {
  const byId = new Map<string, Project>()
  const toProject = (input: ProjectInput, createdAt = new Date()): Project => ({
    id: input.id,
    name: input.name,
    allowedOrigins: [...(input.allowedOrigins ?? [])],
    features: { ...input.features },
    createdAt,
  })
  for (const input of projects) byId.set(input.id, toProject(input))
  return {
    async get(id) {
      return byId.get(id)
    },
    async list() {
      return [...byId.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    },
    async upsert(input) {
      const project = toProject(input, byId.get(input.id)?.createdAt)
      byId.set(input.id, project)
      return project
    },
    async ensure(input) {
      const existing = byId.get(input.id)
      if (existing) return existing
      const project = toProject(input)
      byId.set(input.id, project)
      return project
    },
  }
}
