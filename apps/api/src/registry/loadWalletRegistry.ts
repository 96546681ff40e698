import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { InvalidWalletRegistryError } from '../errors/config.ts'
import { type WalletRegistryEntry, walletRegistryEntrySchema } from './walletRegistryEntrySchema.ts'

/** The registry file kept in the repository. */
export const defaultWalletRegistryPath = path.join(import.meta.dirname, 'wallets.json')

/**
 * Reads and validates the wallet registry once at startup; a bad entry throws
 * `InvalidWalletRegistryError` naming it, so the API never starts with a broken list.
 */
export async function loadWalletRegistry(
  file: string = defaultWalletRegistryPath,
): Promise<WalletRegistryEntry[]> {
  let input: unknown
  try {
    input = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    throw new InvalidWalletRegistryError({
      source: file,
      entries: [],
      problems: [error instanceof Error ? error.message : String(error)],
    })
  }
  return parseWalletRegistry(input, { source: file })
}

/** Validates registry entries: each against the schema, and ids, rdns, image ids and order unique. */
export function parseWalletRegistry(
  input: unknown,
  { source }: { source: string },
): WalletRegistryEntry[] {
  if (!Array.isArray(input))
    throw new InvalidWalletRegistryError({
      source,
      entries: [],
      problems: ['Expected a JSON array of wallets.'],
    })

  const bad = new Set<string>()
  const problems: string[] = []
  const report = (label: string, message: string) => {
    bad.add(label)
    problems.push(`- ${label}: ${message}`)
  }

  const entries: { label: string; entry: WalletRegistryEntry }[] = []
  input.forEach((raw: unknown, index) => {
    const id = (raw as { id?: unknown } | null)?.id
    const label = typeof id === 'string' && id ? `"${id}" (#${index})` : `#${index}`
    const result = walletRegistryEntrySchema.safeParse(raw)
    if (result.success) entries.push({ label, entry: result.data })
    else
      for (const issue of result.error.issues)
        report(
          label,
          `${issue.path.length > 0 ? `${formatPath(issue.path)}: ` : ''}${issue.message}`,
        )
  })

  const uniqueKeys = ['id', 'rdns', 'image_id', 'order'] as const
  for (const key of uniqueKeys) {
    const seen = new Map<unknown, string>()
    for (const { label, entry } of entries) {
      const value = entry[key]
      if (value === null) continue
      const first = seen.get(value)
      if (first) report(label, `${key} ${JSON.stringify(value)} is also used by ${first}.`)
      else seen.set(value, label)
    }
  }

  if (problems.length > 0)
    throw new InvalidWalletRegistryError({ source, entries: [...bad], problems })
  return entries.map(({ entry }) => entry)
}

function formatPath(segments: readonly PropertyKey[]): string {
  return segments
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('')
}
