import { expect, test } from 'vitest'
import { z } from 'zod'
import type { ApiRoute } from './apiRoutes.ts'
import { apiRoutes } from './apiRoutes.ts'
import { createOpenApiDocument } from './createOpenApiDocument.ts'
import { toOpenApiPath } from './toOpenApiPath.ts'

const document = createOpenApiDocument()

test('an OpenAPI 3.1 document listing every route of the contract, and nothing else', () => {
  expect(document.openapi).toBe('3.1.0')
  const listed = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method} ${path}`),
  )
  const routes = Object.values(apiRoutes as Record<string, ApiRoute>)
  expect(listed.sort()).toEqual(
    routes.map((route) => `${route.method} ${toOpenApiPath(route.path)}`).sort(),
  )
})

test("each route's path parameters, query, body and answers come from its schemas", () => {
  for (const [name, route] of Object.entries(apiRoutes as Record<string, ApiRoute>)) {
    const operation = document.paths[toOpenApiPath(route.path)]?.[route.method]
    expect(operation?.operationId).toBe(name)
    // Every `:name` of the path is a documented path parameter, and only those.
    const inPath = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1])
    const pathParameters = (operation?.parameters ?? []).filter((p) => p.in === 'path')
    expect(pathParameters.map((p) => p.name).sort(), name).toEqual(inPath.sort())
    const queryParameters = (operation?.parameters ?? []).filter((p) => p.in === 'query')
    expect(
      queryParameters.map((p) => p.name),
      name,
    ).toEqual(Object.keys(route.query?.shape ?? {}))
    if (route.body)
      expect(operation?.requestBody?.content['application/json']?.schema).toEqual(
        expect.objectContaining(
          (({ $schema: _, ...json }) => json)(z.toJSONSchema(route.body, { io: 'input' })),
        ),
      )
    else expect(operation?.requestBody).toBeUndefined()
    for (const status of Object.keys(route.responses))
      expect(operation?.responses[status], `${name} ${status}`).toBeDefined()
    // Errors: the shared `{ error: { code, message } }` answers.
    expect(operation?.responses['400']).toEqual({ $ref: '#/components/responses/Error400' })
    if (route.project) expect(operation?.responses['401']).toBeDefined()
  }
})

test('the error shape is { error: { code, message } }', () => {
  expect(document.components.schemas.ApiError).toMatchObject({
    type: 'object',
    required: ['error'],
    properties: {
      error: { type: 'object', required: ['code', 'message'] },
    },
  })
  for (const response of Object.values(document.components.responses))
    expect(response).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    })
})

test('query parameters keep their rules: required, patterns, enums and defaults', () => {
  const balance = document.paths['/v1/account/{address}/balance']?.get
  const byName = Object.fromEntries((balance?.parameters ?? []).map((p) => [p.name, p]))
  expect(byName.chainId).toMatchObject({
    in: 'query',
    required: true,
    schema: { pattern: expect.any(String) },
  })
  expect(byName.currency).toMatchObject({
    required: false,
    schema: { enum: ['usd', 'eur'], default: 'usd' },
  })
  expect(byName.address).toMatchObject({ in: 'path', required: true })
})

test('the same contract always gives the same document (the served one and the docs agree)', () => {
  expect(JSON.stringify(createOpenApiDocument())).toBe(JSON.stringify(document))
})
