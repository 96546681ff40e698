import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ECPairInterface } from 'ecpair'
import { z } from 'zod'
import { ECPair, regtest } from './regtest.ts'

export type BitcoinKeys = {
  /** The devnet's miner: block rewards go to its P2WPKH address; the faucet pays from it. */
  miner: ECPairInterface
  /** Funded test keys, each behind a payment (P2WPKH) and an ordinals (P2TR) address. */
  accounts: ECPairInterface[]
}

const fileSchema = z.object({
  version: z.literal(1),
  miner: z.string(),
  accounts: z.array(z.string()),
})

function fromWif(wif: string): ECPairInterface | undefined {
  try {
    const key = ECPair.fromWIF(wif, regtest)
    return key.compressed ? key : undefined
  } catch {
    return undefined
  }
}

/**
 * The regtest chain's generated test keys, kept as regtest WIFs in
 * `<stateDir>/bitcoin-keys.json` (owner-only) so the addresses stay the same from one
 * `npm start` to the next. Missing or damaged entries get new random keys. Never real keys:
 * they are made here, and regtest WIFs are refused by mainnet wallets.
 */
export async function readOrCreateBitcoinKeys(
  stateDir: string,
  count: number,
): Promise<BitcoinKeys> {
  const file = join(stateDir, 'bitcoin-keys.json')
  const stored = await readFile(file, 'utf8').then(
    (text) => {
      try {
        return fileSchema.safeParse(JSON.parse(text)).data
      } catch {
        return undefined
      }
    },
    () => undefined,
  )
  let changed = !stored
  const make = (wif: string | undefined) => {
    const key = wif === undefined ? undefined : fromWif(wif)
    if (key) return key
    changed = true
    return ECPair.makeRandom({ network: regtest })
  }
  const miner = make(stored?.miner)
  const accounts = Array.from({ length: count }, (_, index) => make(stored?.accounts[index]))
  if (changed) {
    await mkdir(stateDir, { recursive: true })
    const temporary = `${file}.${process.pid}.tmp`
    const content = {
      version: 1,
      miner: miner.toWIF(),
      accounts: accounts.map((key) => key.toWIF()),
    }
    await writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 })
    await rename(temporary, file)
  }
  await chmod(file, 0o600)
  return { miner, accounts }
}
