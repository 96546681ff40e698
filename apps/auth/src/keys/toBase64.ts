/** Encodes bytes as standard base64 (with padding), for shares and sealed blobs on the wire. */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  // Chunks keep String.fromCharCode's argument count far below engine limits.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary)
}
