import { describe, expect, it } from 'vitest'
import { createLatchConfig } from '../createLatchConfig.ts'
import { storageKeys } from '../storage/createLatchStorage.ts'
import { createFakeConnector, createTestStorage } from '../testing/createFakeConnector.ts'
import type { LatchNetwork } from '../webConfig/parseLatchWebConfig.ts'
import { connect } from './connect.ts'
import { switchChain } from './switchChain.ts'

const devnet: LatchNetwork = {
  id: 31337,
  name: 'Latch Devnet',
  caipNetworkId: 'eip155:31337',
  rpcUrl: 'http://127.0.0.1:4174',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}
const alpha: LatchNetwork = {
  id: 31339,
  name: 'Latch Devnet Alpha',
  caipNetworkId: 'eip155:31339',
  rpcUrl: 'http://127.0.0.1:4175',
  nativeCurrency: { name: 'Alpha Ether', symbol: 'aETH', decimals: 18 },
  blockExplorerUrl: 'http://explorer.test',
}

async function connected() {
  const wallet = createFakeConnector()
  const storage = createTestStorage()
  const config = createLatchConfig({
    networks: [devnet, alpha],
    apiUrl: 'http://api',
    projectId: 'p',
    connectors: [wallet.connector],
    storage,
  })
  const attempt = connect(config, { connectorId: 'fake' })
  wallet.approve()
  await attempt
  return { wallet, storage, config }
}

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })

describe('switchChain', () => {
  it('asks the wallet to switch, then updates and remembers the chain', async () => {
    const { wallet, storage, config } = await connected()
    await expect(switchChain(config, { chainId: 31339 })).resolves.toBe(alpha)
    expect(wallet.requests).toEqual([
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6b' }] },
    ])
    expect(config.getState().chainId).toBe(31339)
    expect(storage.map.get(storageKeys.activeCaipNetworkId)).toBe('"eip155:31339"')
  })

  it('adds the chain when the wallet does not know it (4902), then switches', async () => {
    const { wallet, config } = await connected()
    let switches = 0
    wallet.answer(({ method }) => {
      if (method === 'wallet_switchEthereumChain' && switches++ === 0)
        throw rpcError(4902, 'Unrecognized chain ID "0x7a6b".')
      return null
    })
    await switchChain(config, { chainId: 31339 })
    expect(wallet.requests.map((r) => r.method)).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    expect(wallet.requests[1]?.params).toEqual([
      {
        chainId: '0x7a6b',
        chainName: 'Latch Devnet Alpha',
        nativeCurrency: { name: 'Alpha Ether', symbol: 'aETH', decimals: 18 },
        rpcUrls: ['http://127.0.0.1:4175'],
        blockExplorerUrls: ['http://explorer.test'],
      },
    ])
    expect(config.getState().chainId).toBe(31339)
  })

  it('reads 4902 where MetaMask Mobile nests it', async () => {
    const { wallet, config } = await connected()
    let switches = 0
    wallet.answer(({ method }) => {
      if (method === 'wallet_switchEthereumChain' && switches++ === 0)
        throw Object.assign(new Error('failed'), { data: { originalError: { code: 4902 } } })
      return null
    })
    await switchChain(config, { chainId: 31339 })
    expect(wallet.requests.map((r) => r.method)).toContain('wallet_addEthereumChain')
  })

  it('keeps a refusal in the wallet a UserRejectedRequestError, chain unchanged', async () => {
    const { wallet, config } = await connected()
    wallet.answer(() => {
      throw rpcError(4001, 'User rejected the request.')
    })
    await expect(switchChain(config, { chainId: 31339 })).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
    })
    expect(config.getState().chainId).toBe(31337)
  })

  it('says the spec sentence when the wallet cannot switch', async () => {
    const { wallet, config } = await connected()
    const cause = new Error("Chain 'eip155:31339' not approved.")
    wallet.answer(() => {
      throw cause
    })
    const error = await switchChain(config, { chainId: 31339 }).catch((e: unknown) => e)
    expect(error).toMatchInlineSnapshot(
      `[SwitchChainError: Failed to switch to chain eip155:31339. The chain is not approved or the wallet does not support wallet_switchEthereumChain method.]`,
    )
    expect(error).toMatchObject({ name: 'SwitchChainError', chainId: 31339, cause })
    expect(config.getState().chainId).toBe(31337)
  })

  it('names a wallet that is not authorized or not connected (4100, 4900, 4901), chain unchanged', async () => {
    const { wallet, config } = await connected()
    for (const [code, name] of [
      [4100, 'UnauthorizedProviderError'],
      [4900, 'ProviderDisconnectedError'],
      [4901, 'ChainDisconnectedError'],
    ] as const) {
      wallet.answer(() => {
        throw rpcError(code, 'The wallet says no.')
      })
      await expect(switchChain(config, { chainId: 31339 })).rejects.toMatchObject({
        name,
        code,
        details: 'The wallet says no.',
      })
    }
    expect(config.getState().chainId).toBe(31337)
  })

  it('refuses a chain the app did not configure', async () => {
    const { wallet, config } = await connected()
    await expect(switchChain(config, { chainId: 1 })).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ChainNotConfiguredError: Chain "1" is not configured.]`,
    )
    expect(wallet.requests).toEqual([])
  })

  it('without a wallet, only remembers the chain for the next connection', async () => {
    const storage = createTestStorage()
    const wallet = createFakeConnector()
    const config = createLatchConfig({
      networks: [devnet, alpha],
      apiUrl: 'http://api',
      projectId: 'p',
      connectors: [wallet.connector],
      storage,
    })
    await switchChain(config, { chainId: 31339 })
    expect(storage.map.get(storageKeys.activeCaipNetworkId)).toBe('"eip155:31339"')
    void connect(config, { connectorId: 'fake' }).catch(() => {})
    expect(wallet.pending[0]?.chainId).toBe(31339)
  })

  it('does not ask the wallet when it is already on the chain', async () => {
    const { wallet, config } = await connected()
    await switchChain(config, { chainId: 31337 })
    expect(wallet.requests).toEqual([])
  })
})
