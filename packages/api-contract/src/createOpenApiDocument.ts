import { z } from 'zod'
import { type ApiRoute, apiRoutes } from './apiRoutes.ts'
import { apiErrorSchema } from './errors.ts'
import { toOpenApiPath } from './toOpenApiPath.ts'

type JsonSchema = Record<string, unknown>

/** The parts of an OpenAPI 3.1 document Latch writes. */
export type OpenApiDocument = {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  tags: { name: string }[]
  paths: Record<string, Record<string, OpenApiOperation>>
  components: {
    schemas: Record<string, JsonSchema>
    securitySchemes: Record<string, JsonSchema>
    responses: Record<string, JsonSchema>
  }
}

export type OpenApiParameter = {
  name: string
  in: 'path' | 'query'
  required: boolean
  description?: string
  schema: JsonSchema
}

export type OpenApiOperation = {
  operationId: string
  summary: string
  description?: string
  tags: string[]
  security?: Record<string, string[]>[]
  parameters?: OpenApiParameter[]
  requestBody?: { required: true; content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, JsonSchema>
}

/** Error statuses every route may answer, and those of routes that name a project. */
const commonErrors = [400, 429, 500, 503]
const projectErrors = [401, 403]

const errorDescriptions: Record<number, string> = {
  400: 'Bad request: a parameter or the body is invalid (the message names it).',
  401: 'Unauthorized: invalid key (unknown project id).',
  403: 'Unauthorized: origin not allowed.',
  404: 'Not found.',
  409: 'Conflict.',
  413: 'The request body is too large.',
  429: 'Rate limited; `Retry-After` says when to try again.',
  500: 'Internal server error.',
  502: 'An upstream (node, price source, image host) is unavailable.',
  503: 'The database is unavailable; `Retry-After` says when to try again.',
}

/** A request schema as JSON Schema: what a client sends (the input side of transforms). */
function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })
  return json
}

/** A response schema as JSON Schema: what the API answers. */
function outputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })
  return json
}

/** A zod object's fields as OpenAPI parameters in `where`. */
function toParameters(schema: z.ZodObject, where: 'path' | 'query'): OpenApiParameter[] {
  const json = inputSchema(schema) as {
    properties?: Record<string, JsonSchema>
    required?: string[]
  }
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as JsonSchema & { description?: string }
    return {
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    }
  })
}

function toOperation(name: string, route: ApiRoute): OpenApiOperation {
  const parameters = [
    ...(route.params ? toParameters(route.params, 'path') : []),
    ...(route.query ? toParameters(route.query, 'query') : []),
  ]
  const responses: Record<string, JsonSchema> = {}
  for (const [status, response] of Object.entries(route.responses)) {
    const headers = route.cacheControl
      ? { 'Cache-Control': { schema: { type: 'string', const: route.cacheControl } } }
      : undefined
    responses[status] = {
      description: response.description,
      ...(headers ? { headers } : {}),
      ...(response.schema
        ? { content: { 'application/json': { schema: outputSchema(response.schema) } } }
        : response.contentType
          ? {
              content: {
                [response.contentType]: {
                  schema: { type: 'string', contentMediaType: response.contentType },
                },
              },
            }
          : {}),
    }
  }
  const errors = [
    ...commonErrors,
    ...(route.project ? projectErrors : []),
    ...(route.body ? [413] : []),
    ...(route.errors ?? []),
  ].sort((a, b) => a - b)
  for (const status of new Set(errors))
    responses[String(status)] = { $ref: `#/components/responses/Error${status}` }
  return {
    operationId: name,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    ...(route.project ? { security: [{ projectIdQuery: [] }, { projectIdHeader: [] }] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true as const,
            content: { 'application/json': { schema: inputSchema(route.body) } },
          },
        }
      : {}),
    responses,
  }
}

/**
 * The API's OpenAPI 3.1 document, generated from the route contracts (`apiRoutes`) with zod's
 * `z.toJSONSchema`: every route with its parameters, body, answers and the error shape
 * `{ error: { code, message } }`. Served at `GET /v1/openapi.json` and rendered into
 * `docs/api.md`; the same input always gives the same document.
 */
export function createOpenApiDocument(
  routes: Readonly<Record<string, ApiRoute>> = apiRoutes,
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {}
  const tags: string[] = []
  for (const [name, route] of Object.entries(routes)) {
    const path = toOpenApiPath(route.path)
    paths[path] = { ...paths[path], [route.method]: toOperation(name, route) }
    if (!tags.includes(route.tag)) tags.push(route.tag)
  }
  const errorStatuses = Object.keys(errorDescriptions).map(Number)
  return {
    openapi: '3.1.0',
    info: {
      title: 'Latch API',
      version: '1',
      description:
        'Balances, history, NFTs, prices, names, sign-in and the wallet registry of Latch (spec section 7). Every error answers `{ error: { code, message } }` with a 4xx or 5xx status.',
    },
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiError: outputSchema(apiErrorSchema) },
      securitySchemes: {
        projectIdQuery: { type: 'apiKey', in: 'query', name: 'projectId' },
        projectIdHeader: { type: 'apiKey', in: 'header', name: 'X-Project-Id' },
      },
      responses: Object.fromEntries(
        errorStatuses.map((status) => [
          `Error${status}`,
          {
            description: errorDescriptions[status],
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
          },
        ]),
      ),
    },
  }
}
