/**
 * Card numbers payment processors publish for testing (Stripe's, among others): they never
 * move money. The sandbox takes only these, so nobody types a real card into a devnet page.
 */
export const testCardNumbers: ReadonlySet<string> = new Set([
  '4242424242424242', // Visa
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '5200828282828210', // Mastercard (debit)
  '378282246310005', // American Express
  '6011111111111117', // Discover
])

/** Whether `input` (spaces and dashes allowed) is one of the well-known test card numbers. */
export function isTestCardNumber(input: string): boolean {
  const digits = input.replace(/[\s-]/g, '')
  return /^\d{12,19}$/.test(digits) && testCardNumbers.has(digits)
}
