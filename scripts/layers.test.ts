import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkLayers, findImportCycles, listImports } from './layers.ts'

function writeFiles(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'latch-layers-'))
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), source)
  }
  return root
}

describe('layer order', () => {
  it('holds in this repository', () => {
    expect(checkLayers(resolve(import.meta.dirname, '..'))).toEqual([])
  })

  it('catches core importing React, an app, or a file outside its layer', () => {
    const root = mkdtempSync(join(tmpdir(), 'latch-layers-'))
    mkdirSync(join(root, 'packages/core/src'), { recursive: true })
    writeFileSync(
      join(root, 'packages/core/src/bad.ts'),
      "import { useState } from 'react'\nimport { x } from '@latch/react'\nexport { y } from '../../react/src/y.ts'\n",
    )
    expect(checkLayers(root).map((v) => v.reason)).toEqual([
      'packages/core must stay framework-free',
      'packages/core may not import @latch/react',
      'reaches outside packages/core',
    ])
  })

  it('keeps apps/api routes -> services -> stores, and queries out of routes', () => {
    const root = writeFiles({
      'apps/api/src/stores/store.ts': "import { s } from '../services/service.ts'\n",
      'apps/api/src/stores/sessions/sessionStore.ts': "import { r } from '../../routes/route.ts'\n",
      'apps/api/src/services/service.ts':
        "import { store } from '../stores/store.ts'\nimport { r } from '../routes/route.ts'\nimport { eq } from 'drizzle-orm'\n",
      'apps/api/src/routes/route.ts': [
        "import { s } from '../services/service.ts'",
        "import type { Store } from '../stores/store.ts'",
        "import type { LatchDb } from '../db/createDatabase.ts'",
        "import { and } from 'drizzle-orm'",
        "import { users } from '../db/schema/index.ts'",
      ].join('\n'),
    })
    expect(checkLayers(root).map((v) => `${v.file}: ${v.reason}`)).toEqual([
      'apps/api/src/routes/route.ts: apps/api/src/routes may not query the database (move the query to a service or a store)',
      'apps/api/src/routes/route.ts: apps/api/src/routes may not query the database (move the query to a service or a store)',
      'apps/api/src/services/service.ts: apps/api/src/services may not import apps/api/src/routes',
      'apps/api/src/stores/sessions/sessionStore.ts: apps/api/src/stores may not import apps/api/src/routes',
      'apps/api/src/stores/store.ts: apps/api/src/stores may not import apps/api/src/services',
    ])
  })

  it('keeps @latch/config out of the browser bundle, and config on zod alone', () => {
    const root = writeFiles({
      'apps/web/src/main.tsx': "import { loadConfig } from '@latch/config'\n",
      'apps/web/src/server/cli.ts': "import { loadConfig } from '@latch/config'\n",
      'apps/web/vite.config.ts': "import { parseConfig } from '@latch/config'\n",
      'packages/config/src/a.ts':
        "import { z } from 'zod'\nimport path from 'node:path'\nimport { getDomain } from 'tldts'\n",
    })
    expect(checkLayers(root).map((v) => `${v.file}: ${v.reason}`)).toEqual([
      'packages/config/src/a.ts: packages/config may depend on zod only',
      'apps/web/src/main.tsx: the browser bundle may not import @latch/config (settings stay on the server)',
    ])
  })

  it('lets only test files import the test kit', () => {
    const root = writeFiles({
      'packages/core/src/a.test.ts': "import { startTestAnvil } from '@latch/test'\n",
      'packages/core/src/testing/startChain.ts': "import { startTestAnvil } from '@latch/test'\n",
      'apps/api/src/routes/route.test.ts': "import { eq } from 'drizzle-orm'\n",
      'packages/core/src/a.ts': "import { startTestAnvil } from '@latch/test'\n",
    })
    expect(checkLayers(root)).toEqual([
      {
        file: 'packages/core/src/a.ts',
        specifier: '@latch/test',
        reason: 'packages/core may not import @latch/test',
      },
    ])
  })

  it('finds import circles, type-only ones too, and nothing in a diamond', () => {
    const root = writeFiles({
      'packages/core/src/a.ts': "import { b } from './b.ts'\nimport { c } from './c.ts'\n",
      'packages/core/src/b.ts': "import { d } from './d.ts'\n",
      'packages/core/src/c.ts': "import { d } from './d.ts'\n",
      'packages/core/src/d.ts': 'export const d = 1\n',
      'apps/api/src/db/createDatabase.ts': "import { migrate } from './migrate.ts'\n",
      'apps/api/src/db/migrate.ts': "import type { LatchDb } from './createDatabase.ts'\n",
      'packages/react/src/x.tsx': "export { y } from './y.ts'\n",
      'packages/react/src/y.ts': "const z = () => import('./z.tsx')\n",
      'packages/react/src/z.tsx': "import type { X } from './x.tsx'\n",
    })
    expect(findImportCycles(root)).toEqual([
      ['apps/api/src/db/createDatabase.ts', 'apps/api/src/db/migrate.ts'],
      ['packages/react/src/x.tsx', 'packages/react/src/y.ts', 'packages/react/src/z.tsx'],
    ])
    expect(findImportCycles(writeFiles({ 'packages/core/src/d.ts': '' }))).toEqual([])
  })

  it('has no import circles in this repository', () => {
    expect(findImportCycles(resolve(import.meta.dirname, '..'))).toEqual([])
  })

  it('reads static, dynamic, re-export and side-effect imports', () => {
    expect(
      listImports(
        "import a from 'a'\nimport type { B } from \"b\"\nexport * from './c.ts'\nconst d = await import('d')\nimport 'e'\n",
      ),
    ).toEqual(['a', 'b', './c.ts', 'd', 'e'])
  })
})
