import {
  type LatchConfig,
  type ModalRouter,
  resumeSocialRedirect,
  takeSocialRedirect,
} from '@latch/core'
import { returnToConnect } from './returnToConnect.ts'

/**
 * The page came back from a redirect sign-in (popups were blocked): the answer is taken from
 * the address at once (a second call finds nothing), then the modal shows the progress
 * (ConnectingSocial) while the frame finishes it; it closes once connected, or goes to
 * Connect with the failure.
 */
export async function resumeSocialInModal(config: LatchConfig, router: ModalRouter): Promise<void> {
  const redirect = takeSocialRedirect()
  if (!redirect) return
  router.open({ view: 'ConnectingSocial', socialProvider: redirect.provider })
  const outcome = await resumeSocialRedirect(config, { redirect }).catch(() => undefined)
  if (outcome?.status !== 'connected') returnToConnect(router)
}
