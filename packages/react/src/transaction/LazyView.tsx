import { type ComponentType, useEffect, useState } from 'react'
import { useMessages } from '../hooks/useMessages.ts'

/** A view whose code is its own chunk: `createLazyView(() => import('./X.tsx'))`. */
export type LazyViewLoader<props extends object = object> = {
  /** Starts loading the chunk (again after a failure); resolves to the view. */
  preload(): Promise<ComponentType<props>>
  /** The view once loaded (the browser's module cache, mirrored). */
  getLoaded(): ComponentType<props> | undefined
}

/** A loader for a view whose module default-exports it. */
export function createLazyView(load: () => Promise<{ default: ComponentType }>): LazyViewLoader
/** A loader for a view that takes props (`<LazyView view={...} props={...} />`). */
export function createLazyView<props extends object>(
  load: () => Promise<{ default: ComponentType<props> }>,
): LazyViewLoader<props>
export function createLazyView<props extends object>(
  load: () => Promise<{ default: ComponentType<props> }>,
): LazyViewLoader<props> {
  let loaded: ComponentType<props> | undefined
  return {
    preload: () =>
      load().then((module) => {
        loaded = module.default
        return module.default
      }),
    getLoaded: () => loaded,
  }
}

/**
 * Renders a lazily loaded modal view: at once when its chunk is there (no Suspense round,
 * which React holds for ~300 ms), else a busy placeholder until it arrives; a chunk that fails
 * to load is asked for again.
 */
export function LazyView<props extends object = object>(props: {
  view: LazyViewLoader<props>
  /** The view's own props, for a view that takes some. */
  props?: props | undefined
}) {
  const { view } = props
  const [View, setView] = useState(view.getLoaded)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (View) return
    let active = true
    let retry: ReturnType<typeof setTimeout> | undefined
    view.preload().then(
      (component) => {
        if (active) setView(() => component)
      },
      () => {
        if (active) retry = setTimeout(() => setAttempt(attempt + 1), 3000)
      },
    )
    return () => {
      active = false
      clearTimeout(retry)
    }
  }, [View, attempt, view])
  if (View) return <View {...(props.props as props)} />
  return <LazyViewPlaceholder />
}

function LazyViewPlaceholder() {
  const { t } = useMessages()
  return (
    <div className="latch-lazy-view" aria-busy="true">
      <span className="latch-spinner" aria-hidden="true" />
      <span className="latch-visually-hidden" role="status">
        {t('modal.loading')}
      </span>
    </div>
  )
}
