import { createDeviceShareStore } from '../keys/createDeviceShareStore.ts'
import { canUseIndexedDb } from './canUseIndexedDb.ts'
import { createDomFrameUi } from './createDomFrameUi.ts'
import { createFrame } from './createFrame.ts'
import { createMemoryFrameStores } from './createMemoryFrameStores.ts'
import { createSessionStore } from './createSessionStore.ts'
import { readFrameConfig } from './readFrameConfig.ts'

// The frame page's entry: its config from the page, its state in this origin's IndexedDB
// (in memory only when the browser refuses it storage, see createMemoryFrameStores).
const host = document.getElementById('latch-frame-root') ?? document.body
const config = readFrameConfig(document)
const idb: IDBFactory | undefined = globalThis.indexedDB
const stores =
  idb && (await canUseIndexedDb(idb))
    ? { sessions: createSessionStore(idb), deviceShares: createDeviceShareStore(idb) }
    : undefined
if (!stores)
  console.warn('Latch: this browser refuses the wallet storage; nothing outlives this page.')
// Opened on its own (not framed) it has no app to serve: no listener at all.
if (window.parent === window) throw new Error('Latch: the wallet frame only runs inside an app.')
createFrame({
  config,
  window,
  ui: createDomFrameUi(host),
  ...(stores ?? createMemoryFrameStores()),
}).start()
