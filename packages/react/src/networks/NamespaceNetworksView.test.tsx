import type { LatchConfig, ModalRouter } from '@latch/core'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { LatchContext } from '../context.ts'
import { en } from '../i18n/en.ts'
import { translate } from '../i18n/locales.ts'
import { NamespaceNetworksView } from './NamespaceNetworksView.tsx'
import { NetworkList } from './NetworkList.tsx'

test('every namespace under its heading; the current network marked, EVM rows keep network-{id}', () => {
  const html = render(
    <NamespaceNetworksView
      groups={[
        {
          namespace: 'eip155',
          networks: [{ caipNetworkId: 'eip155:31337', name: 'Latch Devnet', chainId: 31337 }],
        },
        {
          namespace: 'solana',
          networks: [{ caipNetworkId: 'solana:abc', name: 'Solana Local', tag: 'devnet' }],
        },
        { namespace: 'bip122', networks: [{ caipNetworkId: 'bip122:0f91', name: 'Regtest' }] },
      ]}
      currentId="solana:abc"
      onSelect={() => {}}
    />,
  )
  expect(html.match(/<h3[^>]*>([^<]*)<\/h3>/g)?.map((h) => h.replace(/<[^>]+>/g, ''))).toEqual([
    'EVM',
    'Solana',
    'Bitcoin',
  ])
  expect(html).toContain('data-testid="network-31337"')
  expect(html).toMatch(/data-testid="network-solana:abc" aria-current="true"/)
  expect(html).not.toMatch(/data-testid="network-31337" aria-current/)
  expect(html).toContain('Devnet')
})

test('a switch in progress: its row is busy with "Approve in wallet", the others wait; EVM-only and namespaced lists render the same row', () => {
  const namespaced = render(
    <NamespaceNetworksView
      groups={[
        {
          namespace: 'eip155',
          networks: [
            { caipNetworkId: 'eip155:31337', name: 'Latch Devnet', chainId: 31337, tag: 'devnet' },
            { caipNetworkId: 'eip155:1', name: 'Ethereum', chainId: 1 },
          ],
        },
      ]}
      currentId="eip155:1"
      pendingId="eip155:31337"
      onSelect={() => {}}
    />,
  )
  const evmOnly = render(
    <NetworkList
      networks={[
        { id: 31337, name: 'Latch Devnet', tag: 'devnet' },
        { id: 1, name: 'Ethereum' },
      ]}
      currentId={1}
      pendingId={31337}
      onSelect={() => {}}
    />,
  )
  const rows = (html: string) => html.match(/<li>.*?<\/li>/g)
  expect(rows(namespaced)).toEqual(rows(evmOnly))
  const [pending, other] = rows(evmOnly) ?? []
  expect(pending).toMatch(/data-testid="network-31337" aria-busy="true"/)
  expect(pending).toContain('Approve in wallet')
  expect(pending).toContain('latch-spinner')
  expect(pending).toContain('Devnet')
  expect(other).toMatch(/aria-current="true" disabled=""/)
  expect(other).toContain('data-autofocus=""')
  expect(other).toContain('<svg')
})

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <LatchContext.Provider
      value={{
        config: { apiUrl: 'http://api.test' } as LatchConfig,
        modal: {} as ModalRouter,
        i18n: { locale: 'en', dir: 'ltr', t: (key, values) => translate(en, key, values) },
        queryClient: { current: undefined },
      }}
    >
      {node}
    </LatchContext.Provider>,
  )
