import { getIsUnsupportedChain, type LatchState } from '@latch/core'
import { useEffect } from 'react'
import { useLatchContext } from '../hooks/useConfig.ts'

/**
 * Opens the modal on UnsupportedChain when the connected wallet moves to a network the app
 * does not configure (unless options.allowUnsupportedChain), and closes that view once the
 * wallet is back on a configured network or disconnects. Mount it once, next to the modal host.
 */
export function useUnsupportedChainWatcher(): void {
  const { config, modal } = useLatchContext()
  useEffect(() => {
    if (config.options.allowUnsupportedChain) return
    let shownFor: number | undefined
    const check = (state: LatchState) => {
      const unsupported = getIsUnsupportedChain(state, config)
      const { open, history } = modal.getState()
      const showing = open && history.some((route) => route.view === 'UnsupportedChain')
      // Once per move to an unsupported network: closing the view is respected until the
      // wallet moves again (to another unsupported network, say).
      if (unsupported && state.chainId !== shownFor && !showing) {
        modal.open({ view: 'UnsupportedChain' })
        shownFor = state.chainId
      }
      if (!unsupported) {
        shownFor = undefined
        if (showing) modal.close()
      }
    }
    check(config.getState())
    return config.subscribe(check)
  }, [config, modal])
}
