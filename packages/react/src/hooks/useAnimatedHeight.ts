import { type RefObject, useLayoutEffect } from 'react'
import { reducedMotionMediaQuery } from './useMediaQuery.ts'

/**
 * Keeps `container`'s height equal to `content`'s, so a CSS `transition: height` animates it
 * between views (spec: modal height 150 ms). With `prefers-reduced-motion: reduce` the height
 * is left to layout and never animated.
 */
export function useAnimatedHeight(
  container: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const outer = container.current
    const inner = content.current
    if (!outer || !inner || typeof ResizeObserver !== 'function') return
    const reduced =
      typeof matchMedia === 'function' ? matchMedia(reducedMotionMediaQuery) : undefined
    const update = () => {
      if (reduced?.matches) outer.style.removeProperty('height')
      else outer.style.height = `${inner.offsetHeight}px`
    }
    update()
    const observer = new ResizeObserver(update)
    observer.observe(inner)
    reduced?.addEventListener('change', update)
    return () => {
      observer.disconnect()
      reduced?.removeEventListener('change', update)
      outer.style.removeProperty('height')
    }
  }, [container, content])
}
