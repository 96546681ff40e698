/**
 * The 6-digit code as the API expects it, from what was typed or pasted ("123 456",
 * "123-456" and surrounding spaces are accepted), or `undefined` when it is not 6 digits.
 */
export function normalizeOtp(value: string): string | undefined {
  const digits = value.replace(/[\s-]/g, '')
  return /^\d{6}$/.test(digits) ? digits : undefined
}
