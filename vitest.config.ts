import { configDefaults, defineConfig } from 'vitest/config'

/**
 * Files that keep a process of their own (`isolate: true`): everything that opens a PGlite
 * database (two in one process fail with "could not be opened"), starts the API, the devnet or
 * its wallets, registers in a process-wide registry (Wallet Standard, EIP-6963) or tests a
 * module's own state (loaded message chunks, `vi.mock`). The rest
 * share a worker between files (`isolate: false`), so viem and the other large modules are
 * evaluated once per worker instead of once per file; a file added under `packages/` that needs
 * its own process goes in this list.
 */
const ownProcess = [
  'apps/api/**/*.test.{ts,tsx}',
  'apps/devnet/**/*.test.{ts,tsx}',
  'scripts/**/*.test.ts',
  'apps/auth/src/frame/createFlowSecret.test.ts',
  'apps/auth/src/frame/frameFlows.test.ts',
  'apps/auth/src/frame/smartAccountFlows.test.ts',
  'apps/auth/src/frame/socialFlows.test.ts',
  'apps/auth/src/frame/solana/solanaFrame.test.ts',
  'apps/auth/src/server/**/*.test.ts',
  'apps/web/src/devnetWallet/**/*.test.{ts,tsx}',
  'apps/web/src/server/**/*.test.ts',
  'packages/core/src/analytics/**/*.test.ts',
  // Its set-up leaves a wait for the frame that rejects after the file when no test mounts it.
  'packages/core/src/connectors/embeddedWallet.test.ts',
  'packages/core/src/connectors/walletConnect*.test.ts',
  'packages/core/src/siwe/**/*.test.ts',
  'packages/core/src/actions/connectSocial.test.ts',
  'packages/core/src/actions/solanaTransfer.test.ts',
  'packages/core/src/send/**/*.test.ts',
  'packages/core/src/swaps/**/*.test.ts',
  'packages/test/**/*.test.ts',
  // Module-level state: the loaded message chunks, a `vi.mock` of a module others import.
  'packages/react/src/i18n/**/*.test.{ts,tsx}',
  'packages/react/src/analytics/**/*.test.{ts,tsx}',
]

const include = [
  'packages/*/src/**/*.test.{ts,tsx}',
  'apps/*/src/**/*.test.{ts,tsx}',
  'apps/*/scripts/**/*.test.ts',
  'scripts/**/*.test.ts',
]

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default in a run is one worker fewer than the cores: one worker on a 2-core
    // machine, where most files wait on anvil, PGlite or a socket rather than on the CPU.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'own-process', include: ownProcess, isolate: true },
      },
      {
        extends: true,
        test: {
          name: 'shared',
          include,
          exclude: [...configDefaults.exclude, ...ownProcess],
          isolate: false,
        },
      },
    ],
  },
})
