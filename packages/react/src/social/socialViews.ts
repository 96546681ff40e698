/**
 * The social sign-in's views and flows, one chunk: loaded on the first click of a social
 * button (the popup is opened before, in the click), or when the page comes back from a
 * redirect sign-in.
 */
import '../i18n/laterMessages.ts'

export { connectFarcaster, connectSocial } from '@latch/core'
export { ConnectingFarcasterContainer } from './ConnectingFarcasterContainer.tsx'
export { ConnectingSocialContainer } from './ConnectingSocialContainer.tsx'
export { resumeSocialInModal } from './resumeSocialInModal.ts'
