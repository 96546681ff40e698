import { parseArgs } from 'node:util'
import type { DevnetManifest } from '@latch/api-contract'
import { isAddress } from 'viem'
import { DevnetError, DevnetNotRunningError } from '../errors.ts'
import { type FundResponse, fundResponseSchema } from '../faucetSchema.ts'
import { readDevnetManifest } from '../readManifest.ts'

const usage = `Usage: npm run faucet -- ADDRESS [--chain ID] [--token SYMBOL] [--amount N]

Funds ADDRESS on the running devnet: native ETH and every token on every chain by default.
  --chain ID       only this chain (31337, 31339 or 31340)
  --token SYMBOL   only this asset (ETH, LUSD, WETH, ALPHA, BETA, PTS or LANTERN for an NFT)
  --amount N       how much, in whole units (default: the faucet's amount per asset)`

export type RunFaucetCliParameters = {
  argv: readonly string[]
  /** Where `devnet.json` is; `LATCH_STATE_DIR` or `<repo>/.latch` by default. */
  stateDir?: string
  out?: (line: string) => void
  err?: (line: string) => void
}

/** `npm run faucet`: asks the running devnet's faucet to fund an address; returns the exit code. */
export async function runFaucetCli(parameters: RunFaucetCliParameters): Promise<number> {
  const { out = console.log, err = console.error } = parameters
  let values: { chain?: string; token?: string; amount?: string; help?: boolean }
  let positionals: string[]
  try {
    ;({ values, positionals } = parseArgs({
      args: [...parameters.argv],
      allowPositionals: true,
      options: {
        chain: { type: 'string' },
        token: { type: 'string' },
        amount: { type: 'string' },
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
  const [address, ...extra] = positionals
  if (!address || extra.length > 0) {
    err(usage)
    return 2
  }
  if (!isAddress(address)) {
    err(`Invalid address "${address}".`)
    return 1
  }

  try {
    const manifest = await readDevnetManifest(parameters.stateDir)
    const body = {
      address,
      ...(values.chain === undefined ? {} : { chainId: values.chain }),
      ...(values.token === undefined ? {} : { token: values.token }),
      ...(values.amount === undefined ? {} : { amount: values.amount }),
    }
    const response = await fetch(manifest.faucetUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch((error: unknown) => {
      throw new DevnetNotRunningError({
        reason: `Nothing answers at "${manifest.faucetUrl}".`,
        cause: error,
      })
    })
    const json = (await response.json().catch(() => undefined)) as
      | { error?: { message?: string } }
      | undefined
    if (!response.ok) {
      err(json?.error?.message ?? `The faucet answered HTTP ${response.status}.`)
      return 1
    }
    out(formatFunded(fundResponseSchema.parse(json), manifest))
    return 0
  } catch (error) {
    if (error instanceof DevnetError) {
      err(error.shortMessage)
      return 1
    }
    throw error
  }
}

function formatFunded(response: FundResponse, manifest: DevnetManifest): string {
  const lines = [`Funded ${response.address}:`]
  for (const chain of manifest.chains) {
    const assets = response.funded.filter((asset) => asset.chainId === chain.id)
    if (assets.length === 0) continue
    const described = assets.map((asset) =>
      asset.tokenIds
        ? `${asset.symbol} #${asset.tokenIds.join(', #')}`
        : `${asset.amount} ${asset.symbol}`,
    )
    lines.push(`  ${chain.name} (${chain.id}): ${described.join(', ')}`)
  }
  return lines.join('\n')
}

if (import.meta.main) process.exitCode = await runFaucetCli({ argv: process.argv.slice(2) })
