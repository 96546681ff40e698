import { describe, expect, it } from 'vitest'
import { chainNamespaces } from '../caip/chainNamespaces.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import { estimateTransfer } from './estimateTransfer.ts'
import { isTransferNamespaceSupported } from './isTransferNamespaceSupported.ts'
import { sendTransfer } from './sendTransfer.ts'

/** No wallet: a namespace that can send gets past its check and stops at the connection. */
const config = createLatchConfig({
  networks: [
    {
      id: 31337,
      name: 'Latch Devnet',
      caipNetworkId: 'eip155:31337',
      rpcUrl: 'http://127.0.0.1:1',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    },
  ],
  apiUrl: 'http://api.test',
  projectId: 'p',
})
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('isTransferNamespaceSupported', () => {
  it('says of every known namespace what sendTransfer and estimateTransfer do', async () => {
    for (const namespace of chainNamespaces) {
      const expected = isTransferNamespaceSupported(namespace)
        ? 'ConnectorNotConnectedError'
        : 'TransferChainUnsupportedError'
      const parameters = { namespace, to: receiver, token: {}, amount: 1n }
      await expect(sendTransfer(config, parameters), namespace).rejects.toMatchObject({
        name: expected,
      })
      await expect(estimateTransfer(config, parameters), namespace).rejects.toMatchObject({
        name: expected,
      })
    }
    expect(chainNamespaces.filter(isTransferNamespaceSupported)).toEqual(['eip155', 'solana'])
  })
})
