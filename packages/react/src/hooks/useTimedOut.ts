import { useEffect, useState } from 'react'

/**
 * Whether `running` has stayed true for `ms`; back to false as soon as it stops (or `key`
 * changes, which starts a new wait).
 */
export function useTimedOut(running: boolean, ms: number, key?: unknown): boolean {
  const [timedOut, setTimedOut] = useState<{ key: unknown } | undefined>()
  useEffect(() => {
    if (!running) return
    const token = { key }
    const timer = setTimeout(() => setTimedOut(token), ms)
    return () => {
      clearTimeout(timer)
      setTimedOut(undefined)
    }
  }, [running, ms, key])
  return running && timedOut !== undefined && Object.is(timedOut.key, key)
}
