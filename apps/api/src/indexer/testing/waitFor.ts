/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<value>(
  check: () => Promise<value | undefined | false> | value | undefined | false,
  { timeoutMs = 20_000, intervalMs = 25, message = 'condition' } = {},
): Promise<value> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const result = await check()
    if (result !== undefined && result !== false) return result
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${message}.`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
