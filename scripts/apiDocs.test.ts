import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { createOpenApiDocument, renderApiReference } from '@latch/api-contract'
import { expect, test } from 'vitest'

test('docs/api.md is the reference rendered from the API contract (else run `npm run docs:api`)', () => {
  const committed = readFileSync(resolve(import.meta.dirname, '../docs/api.md'), 'utf8')
  expect(committed === renderApiReference(createOpenApiDocument()), 'docs/api.md is stale').toBe(
    true,
  )
})
