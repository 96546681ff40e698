import { InvalidBase64Error } from '../errors/keys.ts'

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** Decodes standard base64 (with padding); anything else throws `InvalidBase64Error`. */
export function fromBase64(value: string): Uint8Array {
  if (typeof value !== 'string' || !base64Pattern.test(value)) throw new InvalidBase64Error()
  const binary = atob(value)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
