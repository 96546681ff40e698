/**
 * The sealed recovery share's layout (version 1), all in one base64 string:
 * `version (1) | log2(N) (1) | salt (16) | nonce (12) | AES-256-GCM ciphertext + tag`.
 * The first 30 bytes are the header and also the cipher's associated data, so none of them can
 * be changed unnoticed. scrypt's r and p are fixed by the version (8 and 1).
 */
export const sealedShareFormat = {
  version: 1,
  saltLength: 16,
  nonceLength: 12,
  headerLength: 1 + 1 + 16 + 12,
  tagLength: 16,
  scryptR: 8,
  scryptP: 1,
  /** Production cost: N = 2^17 (128 MiB, about a second in a browser). */
  defaultLog2N: 17,
  /** Tests may go this low; no lower. */
  minLog2N: 10,
  /** A sealed blob asking for more (a hostile server) is refused instead of eating the memory. */
  maxLog2N: 18,
} as const
