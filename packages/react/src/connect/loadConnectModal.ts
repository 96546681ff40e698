/** Loads the connect modal's chunk; the browser caches the module after the first call. */
export const loadConnectModal = () => import('./ConnectModalContainer.tsx')

/** Runs `task` when the browser is idle (or after 1.5 s without requestIdleCallback). */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 3000 })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(task, 1500)
  return () => clearTimeout(timer)
}
