import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '..')
const readJson = (path: string) => JSON.parse(readFileSync(resolve(root, path), 'utf8'))

describe('npm run typecheck (tsc -b)', () => {
  it('the root tsconfig.json references every workspace, the scripts and the benchmarks', () => {
    const { workspaces } = readJson('package.json') as { workspaces: string[] }
    const projects = [...workspaces, 'scripts', 'bench'].filter((dir) =>
      existsSync(resolve(root, dir, 'tsconfig.json')),
    )
    const { references } = readJson('tsconfig.json') as { references: { path: string }[] }
    expect(references.map((reference) => reference.path).sort()).toEqual(projects.sort())
  })
})
