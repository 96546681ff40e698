import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkLayers, listImports } from './layers.ts'

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

  it('reads static, dynamic, re-export and side-effect imports', () => {
    expect(
      listImports(
        "import a from 'a'\nimport type { B } from \"b\"\nexport * from './c.ts'\nconst d = await import('d')\nimport 'e'\n",
      ),
    ).toEqual(['a', 'b', './c.ts', 'd', 'e'])
  })
})
