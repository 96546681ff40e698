import { useCallback, useSyncExternalStore } from 'react'

/** Whether a CSS media query matches, following changes (false where there is no `matchMedia`). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof matchMedia !== 'function') return () => {}
      const list = matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => typeof matchMedia === 'function' && matchMedia(query).matches,
    () => false,
  )
}

/** Phone-sized: narrower than 560 px, or a touch screen as the main pointer. */
export const phoneMediaQuery = '(max-width: 559.98px), (pointer: coarse)'

/** Whether the page is on a phone-sized viewport (deep links instead of, or besides, QR codes). */
export function useIsPhone(): boolean {
  return useMediaQuery(phoneMediaQuery)
}

/** The person asked the system for less motion. */
export const reducedMotionMediaQuery = '(prefers-reduced-motion: reduce)'

/** Whether to skip animations (`prefers-reduced-motion: reduce`). */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(reducedMotionMediaQuery)
}
