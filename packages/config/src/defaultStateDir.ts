import path from 'node:path'

/** `<repo>/.latch`: the devnet writes its manifest there, the API its embedded database. */
export const defaultStateDir = path.resolve(import.meta.dirname, '../../../.latch')

/** The repository root, where `.env` is looked for. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..')
