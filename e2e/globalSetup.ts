import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '@latch/config'
import { findFreePortBlock } from '@latch/test'
import { testPortBase } from '../apps/devnet/src/ports.ts'
import { startStack } from '../scripts/stack.ts'

/** Starts devnet (with its mailbox), relay, API, auth site and the production web build once for
 * all browser tests. */
export default async function globalSetup() {
  const stateDir = mkdtempSync(join(tmpdir(), 'latch-e2e-'))
  // Every setting checked once through the shared schema (a typo in LATCH_* stops here).
  // A free block of the stack's ports from 4270 unless one is set, so a second run (or an `npm start`
  // on a moved base) does not collide with this one.
  const portBase =
    loadConfig().LATCH_E2E_PORT_BASE ?? (await findFreePortBlock({ start: testPortBase }))
  const stack = await startStack({ portBase, stateDir, log: () => {} })
  process.env.LATCH_E2E_STATE_DIR = stateDir
  process.env.LATCH_E2E_WEB_URL = stack.webUrl
  process.env.LATCH_E2E_API_URL = stack.apiUrl
  return async () => {
    await stack.stop()
  }
}
