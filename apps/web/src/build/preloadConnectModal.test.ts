import { describe, expect, test } from 'vitest'
import { type BundleChunk, connectModalPreloadTags } from './preloadConnectModal.ts'

const chunk = (fileName: string, rest: Partial<BundleChunk> = {}): BundleChunk => ({
  type: 'chunk',
  fileName,
  ...rest,
})
const bundleOf = (...items: BundleChunk[]) =>
  Object.fromEntries(items.map((item) => [item.fileName, item]))
const hrefs = (bundle: Record<string, BundleChunk>, base?: string) =>
  connectModalPreloadTags(bundle, base).map((tag) => tag.attrs?.href)

describe('connectModalPreloadTags', () => {
  test("preloads the modal's chunk and its static imports the page's entry does not load", () => {
    const bundle = bundleOf(
      chunk('assets/index.js', { isEntry: true, imports: ['assets/app.js'] }),
      chunk('assets/app.js', { imports: ['assets/runtime.js'] }),
      chunk('assets/runtime.js'),
      chunk('assets/ConnectModalContainer.js', {
        facadeModuleId: '/repo/packages/react/src/connect/ConnectModalContainer.tsx',
        imports: ['assets/app.js', 'assets/watchConnector.js'],
      }),
      chunk('assets/watchConnector.js', { imports: ['assets/runtime.js'] }),
      chunk('assets/SendView.js', { facadeModuleId: '/repo/src/send/SendView.tsx' }),
      { type: 'asset', fileName: 'assets/app.css' },
    )
    expect(hrefs(bundle)).toEqual(['/assets/ConnectModalContainer.js', '/assets/watchConnector.js'])
    expect(hrefs(bundle, '/wallet/')).toEqual([
      '/wallet/assets/ConnectModalContainer.js',
      '/wallet/assets/watchConnector.js',
    ])
    const [tag] = connectModalPreloadTags(bundle)
    expect(tag).toMatchObject({
      tag: 'link',
      attrs: { rel: 'modulepreload', crossorigin: true },
      injectTo: 'head',
    })
  })

  test('fails the build when the connect modal is not one chunk of its own', () => {
    expect(() =>
      connectModalPreloadTags(bundleOf(chunk('assets/index.js', { isEntry: true }))),
    ).toThrow('Expected one chunk for the connect modal (ConnectModalContainer.tsx), found 0.')
  })
})
