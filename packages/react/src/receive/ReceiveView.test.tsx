import type { LatchConfig, ModalRouter } from '@latch/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { NftGrid } from '../account/NftGrid.tsx'
import { LatchContext } from '../context.ts'
import { en } from '../i18n/en.ts'
import { translate } from '../i18n/locales.ts'
import { ReceiveView, type ReceiveViewProps } from './ReceiveView.tsx'
import { toReceiveUri } from './toReceiveUri.ts'

const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const payment = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
const ordinals = 'bcrt1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqc8gma6'

const withContext = (node: React.ReactNode) =>
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

const render = (props: Partial<ReceiveViewProps> & Pick<ReceiveViewProps, 'address'>) =>
  withContext(<ReceiveView networks={[]} onCopy={() => {}} copied={false} {...props} />)

describe('Receive on each namespace', () => {
  it("puts each chain's URI in the QR code: Solana Pay, BIP-21; an EVM address as it is", () => {
    expect(toReceiveUri('solana', solanaAddress)).toBe(`solana:${solanaAddress}`)
    expect(toReceiveUri('bip122', payment)).toBe(`bitcoin:${payment}`)
    expect(toReceiveUri('eip155', '0xf39F')).toBe('0xf39F')
  })

  it('a Solana account: the solana: URI, the address as text, its network without an EVM icon', () => {
    const html = render({
      address: solanaAddress,
      uri: toReceiveUri('solana', solanaAddress),
      networks: [{ id: 'solana:4Latch11111111111111111111111111', name: 'Latch Solana' }],
    })
    expect(html).toContain(`data-uri="solana:${solanaAddress}"`)
    expect(html).toContain(solanaAddress.slice(0, 22))
    expect(html).toContain('Latch Solana')
    expect(html).not.toContain('receive-address-types')
  })

  it('a Bitcoin wallet: payment or ordinals address, the shown one pressed', () => {
    const html = render({
      address: ordinals,
      uri: toReceiveUri('bip122', ordinals),
      addressTypes: [
        { id: 'payment', label: 'Payment', selected: false },
        { id: 'ordinals', label: 'Ordinals', selected: true },
      ],
    })
    expect(html).toContain(`data-uri="bitcoin:${ordinals}"`)
    expect(html).toMatch(/aria-pressed="false"[^>]*data-testid="receive-type-payment"/)
    expect(html).toMatch(/aria-pressed="true"[^>]*data-testid="receive-type-ordinals"/)
    expect(html).not.toContain(payment)
  })

  it("an EVM account's QR holds the bare address, as before", () => {
    const html = render({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
    expect(html).toContain('data-uri="0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"')
  })

  it('the NFTs tab of a Solana or Bitcoin account is the empty state', () => {
    expect(withContext(<NftGrid state={{ status: 'success', nfts: [] }} />)).toContain(
      'No NFTs on this network yet.',
    )
  })
})
