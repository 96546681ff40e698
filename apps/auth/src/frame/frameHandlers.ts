import type { FrameHandlers } from './frameContext.ts'
import {
  connectDevice,
  connectEmail,
  connectOtp,
  isConnected,
  signOut,
} from './handlers/connect.ts'
import { exportKey } from './handlers/exportKey.ts'
import { connectFarcaster, getFarcasterUri } from './handlers/farcasterSignIn.ts'
import { getUser } from './handlers/getUser.ts'
import { rpcRequest } from './handlers/rpcRequest.ts'
import {
  getSmartAccountEnabledNetworks,
  setPreferredAccount,
  switchNetwork,
  syncDappData,
  syncTheme,
} from './handlers/settings.ts'
import { connectSocial, getSocialRedirectUri } from './handlers/socialSignIn.ts'
import { solanaSignAndSendTransaction, solanaSignMessage } from './handlers/solana.ts'
import {
  updateEmail,
  updateEmailPrimaryOtp,
  updateEmailSecondaryOtp,
} from './handlers/updateEmail.ts'

/** One handler per method of `frameRequestParamsSchemas`. */
export const frameHandlers: FrameHandlers = {
  connectEmail,
  connectDevice,
  connectOtp,
  getSocialRedirectUri,
  connectSocial,
  getFarcasterUri,
  connectFarcaster,
  isConnected,
  getUser,
  switchNetwork,
  updateEmail,
  updateEmailPrimaryOtp,
  updateEmailSecondaryOtp,
  signOut,
  rpcRequest,
  syncTheme,
  syncDappData,
  setPreferredAccount,
  getSmartAccountEnabledNetworks,
  exportKey,
  solanaSignMessage,
  solanaSignAndSendTransaction,
}
