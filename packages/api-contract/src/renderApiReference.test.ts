import { expect, test } from 'vitest'
import { type ApiRoute, apiRoutes } from './apiRoutes.ts'
import { createOpenApiDocument } from './createOpenApiDocument.ts'
import { renderApiReference } from './renderApiReference.ts'
import { toOpenApiPath } from './toOpenApiPath.ts'

test('the reference has a section per route, with its parameters and answers', () => {
  const reference = renderApiReference(createOpenApiDocument())
  for (const route of Object.values(apiRoutes as Record<string, ApiRoute>)) {
    const heading = `#### \`${route.method.toUpperCase()} ${toOpenApiPath(route.path)}\``
    const start = reference.indexOf(heading)
    expect(start, heading).toBeGreaterThan(0)
    const section = reference.slice(start, reference.indexOf('\n#### ', start + 1))
    expect(section).toContain(route.summary)
    for (const name of Object.keys(route.params?.shape ?? {}))
      expect(section).toContain(`| \`${name}\` | path | yes |`)
    for (const status of Object.keys(route.responses))
      expect(section).toContain(`Answer ${status}:`)
  }
})
