import { randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  createKeyPairSignerFromBytes,
  createKeyPairSignerFromPrivateKeyBytes,
  getAddressEncoder,
  getBase58Decoder,
  getBase58Encoder,
  type KeyPairSigner,
} from '@solana/kit'
import { z } from 'zod'

/** How many funded test accounts the devnet generates. */
export const solanaTestAccountCount = 5

/** A generated devnet key: its signer and its 64-byte secret key (seed then public key) in base58, the form wallets import. */
export type SolanaDevnetKey = { signer: KeyPairSigner; secretKey: string }

export type SolanaDevnetKeys = {
  /** The LUSD mint's own key (its address stays the same from one start to the next). */
  mint: SolanaDevnetKey
  mintAuthority: SolanaDevnetKey
  /** Pays `requestAirdrop`. */
  faucet: SolanaDevnetKey
  /** Funded test accounts (SOL and LUSD). */
  accounts: SolanaDevnetKey[]
}

const secretKey = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
const keysFileSchema = z.object({
  version: z.literal(1),
  mint: secretKey,
  mintAuthority: secretKey,
  faucet: secretKey,
  accounts: z.array(secretKey).length(solanaTestAccountCount),
})

/**
 * The local Solana chain's keys, generated once into `<stateDir>/solana-keys.json` (owner-only)
 * so addresses stay the same across restarts while the chain itself starts fresh. Test keys
 * only: a missing or damaged file is replaced by new random keys.
 */
export async function readOrCreateSolanaKeys(stateDir: string): Promise<SolanaDevnetKeys> {
  const file = join(stateDir, 'solana-keys.json')
  const stored = await readFile(file, 'utf8').then(
    (text) => {
      try {
        return keysFileSchema.safeParse(JSON.parse(text)).data
      } catch {
        return undefined
      }
    },
    () => undefined,
  )
  if (stored) {
    try {
      return {
        mint: await fromSecretKey(stored.mint),
        mintAuthority: await fromSecretKey(stored.mintAuthority),
        faucet: await fromSecretKey(stored.faucet),
        accounts: await Promise.all(stored.accounts.map(fromSecretKey)),
      }
    } catch {
      // A key whose public half does not match its seed: make new ones below.
    }
  }
  const keys: SolanaDevnetKeys = {
    mint: await generateKey(),
    mintAuthority: await generateKey(),
    faucet: await generateKey(),
    accounts: await Promise.all(Array.from({ length: solanaTestAccountCount }, generateKey)),
  }
  await mkdir(stateDir, { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  const contents = {
    version: 1,
    mint: keys.mint.secretKey,
    mintAuthority: keys.mintAuthority.secretKey,
    faucet: keys.faucet.secretKey,
    accounts: keys.accounts.map((key) => key.secretKey),
  }
  await writeFile(temporary, `${JSON.stringify(contents, null, 2)}\n`, { mode: 0o600 })
  await rename(temporary, file)
  await chmod(file, 0o600)
  return keys
}

async function generateKey(): Promise<SolanaDevnetKey> {
  const seed = randomBytes(32)
  const signer = await createKeyPairSignerFromPrivateKeyBytes(seed)
  const bytes = new Uint8Array(64)
  bytes.set(seed, 0)
  bytes.set(getAddressEncoder().encode(signer.address), 32)
  return { signer, secretKey: getBase58Decoder().decode(bytes) }
}

async function fromSecretKey(secret: string): Promise<SolanaDevnetKey> {
  const signer = await createKeyPairSignerFromBytes(getBase58Encoder().encode(secret))
  return { signer, secretKey: secret }
}
