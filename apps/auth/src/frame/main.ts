import { createDeviceShareStore } from '../keys/createDeviceShareStore.ts'
import { createDomFrameUi } from './createDomFrameUi.ts'
import { createFrame } from './createFrame.ts'
import { createSessionStore } from './createSessionStore.ts'
import { readFrameConfig } from './readFrameConfig.ts'

// The frame page's entry: its config from the page, its state in this origin's IndexedDB.
const host = document.getElementById('latch-frame-root') ?? document.body
createFrame({
  config: readFrameConfig(document),
  window,
  ui: createDomFrameUi(host),
  sessions: createSessionStore(indexedDB),
  deviceShares: createDeviceShareStore(indexedDB),
}).start()
