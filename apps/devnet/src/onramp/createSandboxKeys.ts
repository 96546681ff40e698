import { generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto'

/** The sandbox's credentials, generated at each start: never real ones. */
export type SandboxKeys = {
  coinbase: { keyName: string; secret: string; publicKey: KeyObject }
  moonpay: { publishableKey: string; secretKey: string }
}

/**
 * A CDP-style Ed25519 API key (name, and secret as base64 of seed then public key, as the CDP
 * portal gives it) and MoonPay-style test keys (`pk_test_...`, `sk_test_...`).
 */
export function createSandboxKeys(): SandboxKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32)
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
  return {
    coinbase: {
      keyName: `organizations/latch-devnet/apiKeys/${randomBytes(8).toString('hex')}`,
      secret: Buffer.concat([seed, raw]).toString('base64'),
      publicKey,
    },
    moonpay: {
      publishableKey: `pk_test_${randomBytes(16).toString('hex')}`,
      secretKey: `sk_test_${randomBytes(16).toString('hex')}`,
    },
  }
}
