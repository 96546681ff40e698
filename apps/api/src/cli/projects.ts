import { parseArgs } from 'node:util'
import { openDatabase } from '../db/openDatabase.ts'
import { type EnvOverrides, parseEnv } from '../env.ts'
import { BaseError } from '../errors/base.ts'
import { createProject, parseCreateProjectParameters } from '../services/createProject.ts'
import { createDbProjectStore } from '../stores/createDbProjectStore.ts'
import { createDbSdkUsageStore } from '../stores/createDbSdkUsageStore.ts'
import type { Project } from '../stores/projectStore.ts'
import type { SdkUsageRow } from '../stores/sdkUsageStore.ts'

const usage = `Usage: npm run projects -- create --name NAME [--origin PATTERN]... [--json]
       npm run projects -- list [--json]
       npm run projects -- usage [--project ID] [--json]

Creates and lists the projects the API accepts, in its database: PostgreSQL at DATABASE_URL,
or the embedded PGlite database in <LATCH_STATE_DIR>/pgdata (stop the API first: PGlite is
open in one process at a time).
  create           makes a project with a new id, printed on its own line
    --name NAME      what the project is called (required)
    --origin PATTERN an origin allowed to call the API with the project, repeatable:
                     https://app.example.com, https://*.example.com, http://localhost:*
                     Without any, the API's default list (LATCH_ALLOWED_ORIGINS) applies.
  list             every project: id, name, origins, creation time
  usage            requests per project, UTC day and SDK (X-Sdk-Type / X-Sdk-Version),
                   newest day first (the last 1,000 rows)
    --project ID     only this project's
  --json           print JSON instead`

export type RunProjectsCliParameters = {
  argv: readonly string[]
  /** Environment values that take precedence over `process.env` (DATABASE_URL, LATCH_STATE_DIR). */
  env?: EnvOverrides | undefined
  out?: (line: string) => void
  err?: (line: string) => void
}

/** `npm run projects`: creates or lists projects; returns the exit code. */
export async function runProjectsCli(parameters: RunProjectsCliParameters): Promise<number> {
  const { out = console.log, err = console.error } = parameters
  let values: {
    name?: string
    origin?: string[]
    project?: string
    json?: boolean
    help?: boolean
  }
  let positionals: string[]
  try {
    ;({ values, positionals } = parseArgs({
      args: [...parameters.argv],
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        origin: { type: 'string', multiple: true },
        project: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    err(`${(error as Error).message}\n\n${usage}`)
    return 2
  }
  if (values.help) {
    out(usage)
    return 0
  }
  const [command, ...extra] = positionals
  if ((command !== 'create' && command !== 'list' && command !== 'usage') || extra.length > 0) {
    err(command ? `Unknown command "${[command, ...extra].join(' ')}".\n\n${usage}` : usage)
    return 2
  }
  if (command !== 'create' && (values.name !== undefined || values.origin !== undefined)) {
    err(`"${command}" takes no --name or --origin.\n\n${usage}`)
    return 2
  }
  if (command !== 'usage' && values.project !== undefined) {
    err(`"${command}" takes no --project.\n\n${usage}`)
    return 2
  }

  try {
    // Checked before the database is opened, so a typo costs no start-up.
    const input =
      command === 'create'
        ? parseCreateProjectParameters({
            name: values.name ?? '',
            allowedOrigins: values.origin ?? [],
          })
        : undefined
    const database = await openDatabase(parseEnv(parameters.env))
    try {
      const projects = createDbProjectStore({ db: database.db })
      if (command === 'usage') {
        const rows = await createDbSdkUsageStore({ db: database.db }).list({
          projectId: values.project,
        })
        out(values.json ? JSON.stringify(rows, null, 2) : formatUsage(rows))
      } else if (input) {
        const project = await createProject(projects, input)
        out(values.json ? JSON.stringify(toJson(project)) : project.id)
        if (!values.json && project.allowedOrigins.length === 0)
          err(
            'No --origin given: the project uses the API default origins (LATCH_ALLOWED_ORIGINS).',
          )
        if (project.allowedOrigins.includes('*'))
          err('Warning: the origin "*" lets every web site call the API with this project id.')
      } else {
        const list = await projects.list()
        out(values.json ? JSON.stringify(list.map(toJson), null, 2) : formatList(list))
      }
    } finally {
      await database.close()
    }
    return 0
  } catch (error) {
    if (!(error instanceof BaseError)) throw error
    err(error.message)
    return 1
  }
}

function toJson(project: Project) {
  return { ...project, createdAt: project.createdAt.toISOString() }
}

function formatList(projects: readonly Project[]): string {
  if (projects.length === 0)
    return 'No projects yet. Create one: npm run projects -- create --name "My app" --origin https://app.example.com'
  return projects
    .map((project) =>
      [
        `${project.id}  ${project.name}`,
        `  origins: ${project.allowedOrigins.length > 0 ? project.allowedOrigins.join(', ') : '(the API default, LATCH_ALLOWED_ORIGINS)'}`,
        `  created: ${project.createdAt.toISOString()}`,
      ].join('\n'),
    )
    .join('\n')
}

function formatUsage(rows: readonly SdkUsageRow[]): string {
  if (rows.length === 0) return 'No SDK usage recorded yet.'
  return [
    'day         project                           sdk                 requests',
    ...rows.map(
      (row) =>
        `${row.day}  ${row.projectId.padEnd(32)}  ${`${row.sdkType}@${row.sdkVersion}`.padEnd(18)}  ${row.count}`,
    ),
  ].join('\n')
}

if (import.meta.main) process.exitCode = await runProjectsCli({ argv: process.argv.slice(2) })
