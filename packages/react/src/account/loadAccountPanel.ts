import type { ComponentType } from 'react'
import type { ConnectedAccountProps } from './ConnectedAccountProps.ts'

type PanelModule = { default: ComponentType<ConnectedAccountProps> }

let loaded: PanelModule['default'] | undefined

/**
 * Loads the account panel's chunk (its views, hooks and TanStack Query). Call it as soon as
 * a connection is under way so the panel renders at once when it completes.
 */
export function loadAccountPanel(): Promise<PanelModule> {
  return import('./ConnectedAccountPanel.tsx').then((module) => {
    loaded = module.default
    return module
  })
}

/** The panel component once its chunk has loaded (the browser's module cache, mirrored). */
export function getLoadedAccountPanel(): PanelModule['default'] | undefined {
  return loaded
}
