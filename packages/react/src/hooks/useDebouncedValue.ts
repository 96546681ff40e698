import { useEffect, useState } from 'react'

/**
 * `value` once it has stayed the same for `delayMs`. Values for which `immediate` returns true
 * (such as an emptied search box) are taken at once.
 */
export function useDebouncedValue<T>(
  value: T,
  delayMs: number,
  immediate?: ((value: T) => boolean) | undefined,
): T {
  const [settled, setSettled] = useState(value)
  const skipWait = immediate?.(value) ?? false
  useEffect(() => {
    // Also settles an immediate value, so a later value waits from there.
    const timer = setTimeout(() => setSettled(value), skipWait ? 0 : delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs, skipWait])
  return skipWait ? value : settled
}
