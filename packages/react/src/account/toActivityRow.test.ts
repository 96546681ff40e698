import type { HistoryTransaction } from '@latch/api-contract'
import { describe, expect, it } from 'vitest'
import { toActivityRow } from './toActivityRow.ts'

const me = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const devnet = { caipNetworkId: 'eip155:31337', blockExplorerUrl: undefined }
const base = { caipNetworkId: 'eip155:8453', blockExplorerUrl: 'https://basescan.org/' }

function transaction(
  metadata: Partial<HistoryTransaction['metadata']>,
  transfers: HistoryTransaction['transfers'] = [],
): HistoryTransaction {
  return {
    id: 'tx-1',
    metadata: {
      operationType: 'send',
      status: 'confirmed',
      hash: '0xabc',
      minedAt: '2026-01-15T10:00:00.000Z',
      sentFrom: me,
      sentTo: other,
      nonce: 0,
      chain: 'eip155:31337',
      blockNumber: 1,
      ...metadata,
    },
    transfers,
  }
}

const lusd = (direction: 'in' | 'out' | 'self', numeric: string) => ({
  direction,
  quantity: { numeric },
  fungible_info: { name: 'Latch USD', symbol: 'LUSD', address: 'eip155:31337:0x1' },
})

describe('toActivityRow', () => {
  it('reads a token sent as Sent, out, to the recipient, with no explorer on the devnet', () => {
    expect(toActivityRow(transaction({}, [lusd('out', '12.5')]), [devnet])).toEqual({
      id: 'tx-1',
      operation: 'send',
      direction: 'out',
      status: 'confirmed',
      time: Date.UTC(2026, 0, 15, 10),
      counterparty: { role: 'to', address: other },
      asset: { kind: 'fungible', symbol: 'LUSD', numeric: '12.5', sign: 'out', iconUrl: undefined },
      moreTransfers: 0,
      explorerUrl: undefined,
      onramp: undefined,
    })
  })

  it("marks an on-ramp purchase with its provider's name", () => {
    const purchase = (onramp: string) =>
      toActivityRow(
        transaction({ operationType: 'receive', sentFrom: other, sentTo: me, onramp }, [
          lusd('in', '3'),
        ]),
        [devnet],
      ).onramp
    expect(purchase('coinbase')).toBe('Coinbase')
    expect(purchase('moonpay')).toBe('MoonPay')
    expect(purchase('ramp')).toBe('ramp')
  })

  it('reads a receipt as in, from the sender, linked to the chain explorer', () => {
    const row = toActivityRow(
      transaction({ operationType: 'receive', sentFrom: other, sentTo: me, chain: 'eip155:8453' }, [
        lusd('in', '3'),
      ]),
      [devnet, base],
    )
    expect(row).toMatchObject({
      direction: 'in',
      counterparty: { role: 'from', address: other },
      asset: { kind: 'fungible', sign: 'in' },
      explorerUrl: 'https://basescan.org/tx/0xabc',
    })
  })

  it('reads a mint as an NFT received with its thumbnail, without a counterparty from 0x0', () => {
    const row = toActivityRow(
      transaction(
        {
          operationType: 'mint',
          sentFrom: '0x0000000000000000000000000000000000000000',
          sentTo: me,
        },
        [
          {
            direction: 'in',
            quantity: { numeric: '1' },
            nft_info: {
              name: 'Lantern #7',
              tokenId: '7',
              collection: { name: 'Latch Lanterns', address: '0x2' },
              flags: { is_spam: false },
              content: {
                preview: { url: 'http://api.test/v1/nft-image/7', content_type: 'image/svg+xml' },
              },
            },
          },
        ],
      ),
      [devnet],
    )
    expect(row).toMatchObject({
      operation: 'mint',
      direction: 'in',
      counterparty: undefined,
      asset: {
        kind: 'nft',
        name: 'Lantern #7',
        collection: 'Latch Lanterns',
        imageUrl: 'http://api.test/v1/nft-image/7',
        sign: 'in',
      },
    })
  })

  it("shows no counterparty when the transaction's other end is the token contract", () => {
    const contract = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const transfer = {
      ...lusd('out', '1.5'),
      fungible_info: { name: 'Latch USD', symbol: 'LUSD', address: `eip155:31337:${contract}` },
    }
    expect(
      toActivityRow(transaction({ sentTo: contract.toLowerCase() }, [transfer]), [devnet])
        .counterparty,
    ).toBeUndefined()
  })

  it('shows what a trade brought in, counts the other transfers, keeps failed and pending', () => {
    const trade = toActivityRow(
      transaction({ operationType: 'trade', status: 'failed' }, [
        lusd('out', '5'),
        lusd('in', '4.9'),
      ]),
      [devnet],
    )
    expect(trade).toMatchObject({
      direction: 'trade',
      status: 'failed',
      counterparty: undefined,
      asset: { numeric: '4.9', sign: 'in' },
      moreTransfers: 1,
    })
    const approval = toActivityRow(transaction({ operationType: 'approve', status: 'pending' }), [
      devnet,
    ])
    expect(approval).toMatchObject({ direction: 'other', status: 'pending', asset: undefined })
    expect(toActivityRow(transaction({}, [lusd('self', '1')]), [devnet])).toMatchObject({
      direction: 'self',
      counterparty: undefined,
    })
  })

  it('links Solana and Bitcoin activity to their explorers, the local devnets to none', () => {
    const signature =
      '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
    const txid = 'ab'.repeat(32)
    const solanaDevnet = {
      caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      blockExplorerUrl: 'https://solscan.io/?cluster=devnet',
    }
    const localSolana = { caipNetworkId: 'solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69' }
    const bitcoinTestnet = {
      caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
      blockExplorerUrl: 'https://mempool.space/testnet',
    }
    const networks = [devnet, solanaDevnet, localSolana, bitcoinTestnet]
    const row = (chain: string, hash: string) =>
      toActivityRow(transaction({ chain, hash }), networks).explorerUrl
    expect(row(solanaDevnet.caipNetworkId, signature)).toBe(
      `https://solscan.io/tx/${signature}?cluster=devnet`,
    )
    expect(row(bitcoinTestnet.caipNetworkId, txid)).toBe(`https://mempool.space/testnet/tx/${txid}`)
    expect(row(localSolana.caipNetworkId, signature)).toBeUndefined()
  })
})
