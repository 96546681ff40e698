/**
 * `npm run docs:api`: writes docs/api.md, the API reference, from the OpenAPI document the API
 * serves at GET /v1/openapi.json (both generated from packages/api-contract). A test fails
 * when the committed file is stale.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { createOpenApiDocument, renderApiReference } from '@latch/api-contract'

const target = resolve(import.meta.dirname, '../docs/api.md')
writeFileSync(target, renderApiReference(createOpenApiDocument()))
console.log(`Wrote ${target}`)
