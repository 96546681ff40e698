import { createLatchConfig, type LatchConfig, type ModalRouter } from '@latch/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { LatchContext } from '../context.ts'
import { en } from '../i18n/en.ts'
import { translate } from '../i18n/locales.ts'
import { AccountView } from './AccountView.tsx'
import { downloadLogs } from './downloadLogs.ts'

const privateKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const config = () =>
  createLatchConfig({
    networks: [
      {
        id: 31337,
        name: 'Latch Devnet',
        caipNetworkId: 'eip155:31337',
        rpcUrl: 'http://127.0.0.1:8545',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ],
    apiUrl: 'http://api.test',
    projectId: 'p',
  })

test('Download logs saves the buffer as a JSON file through a temporary link, without keys', async () => {
  const latch = config()
  latch.logs.error('The wallet failed.', { address, privateKey, error: new Error('oops') })
  latch.logs.info('below the level: not kept')
  const blobs: Blob[] = []
  const clicked: { href: string; download: string }[] = []
  const revoked: string[] = []
  const link = {
    href: '',
    download: '',
    rel: '',
    style: { display: '' },
    click() {
      clicked.push({ href: link.href, download: link.download })
    },
    remove() {},
  }
  const appended: unknown[] = []
  const filename = downloadLogs(latch, {
    document: {
      createElement: (() => link) as never,
      body: { append: (node: unknown) => void appended.push(node) } as never,
    },
    URL: {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob)
        return 'blob:logs-1'
      },
      revokeObjectURL: (url: string) => void revoked.push(url),
    },
  })
  expect(filename).toMatch(/^latch-logs-\d{4}-\d{2}-\d{2}T[\d-]+Z\.json$/)
  expect(clicked).toEqual([{ href: 'blob:logs-1', download: filename }])
  expect(appended).toEqual([link])
  expect(blobs[0]?.type).toBe('application/json')
  const text = (await blobs[0]?.text()) ?? ''
  const file = JSON.parse(text)
  expect(file.entries).toMatchObject([
    {
      level: 'error',
      message: 'The wallet failed.',
      context: { address, privateKey: '[redacted]' },
    },
  ])
  expect(text).not.toContain(privateKey.slice(2))
  await new Promise((resolve) => setTimeout(resolve, 5))
  expect(revoked).toEqual(['blob:logs-1'])
})

test("the account panel's settings offer Download logs only when wired", () => {
  const render = (onDownloadLogs?: () => void) =>
    renderToStaticMarkup(
      <LatchContext.Provider
        value={{
          config: {} as LatchConfig,
          modal: {} as ModalRouter,
          i18n: { locale: 'en', dir: 'ltr', t: (key, values) => translate(en, key, values) },
          queryClient: { current: undefined },
        }}
      >
        <AccountView
          address={address}
          networkName="Latch Devnet"
          balance={{ status: 'pending' }}
          onDisconnect={() => {}}
          onDownloadLogs={onDownloadLogs}
        />
      </LatchContext.Provider>,
    )
  const wired = render(() => {})
  expect(wired).toContain('data-testid="account-download-logs"')
  expect(wired).toContain('aria-label="Download logs"')
  expect(render()).not.toContain('account-download-logs')
})
