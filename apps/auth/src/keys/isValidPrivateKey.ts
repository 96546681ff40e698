/** The order n of secp256k1's group (SEC 2, section 2.4.1). */
const secp256k1Order = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

/** Whether 32 bytes are a usable secp256k1 private key: 0 < key < n. */
export function isValidPrivateKey(bytes: Uint8Array): boolean {
  if (!(bytes instanceof Uint8Array) || bytes.length !== 32) return false
  let value = 0n
  for (const byte of bytes) value = (value << 8n) | BigInt(byte)
  return value > 0n && value < secp256k1Order
}
