import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { DevnetChain } from '@latch/api-contract'
import { findFreePortBlock } from '@latch/test'
import { toSimpleSmartAccount } from 'permissionless/accounts'
import {
  createPublicClient,
  defineChain,
  erc20Abi,
  getAddress,
  http,
  parseAbi,
  parseUnits,
  zeroAddress,
} from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint07Address,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { anvilAccounts } from '../accounts.ts'
import { type StartDevnetReturnType, startDevnet } from '../startDevnet.ts'
import {
  entryPointV07Address,
  simpleAccountFactoryV07Address,
} from './accountAbstractionAddresses.ts'

let stateDir: string
let devnet: StartDevnetReturnType
let startMs: number

beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'latch-aa-'))
  const portBase = await findFreePortBlock({ start: 24_000 + 17 * Math.floor(Math.random() * 300) })
  const started = performance.now()
  devnet = await startDevnet({ portBase, stateDir })
  startMs = performance.now() - started
}, 120_000)

afterAll(async () => {
  await devnet?.stop()
  await rm(stateDir, { recursive: true, force: true })
})

function clientsFor(chain: DevnetChain) {
  const viemChain = defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
  return { viemChain, publicClient: createPublicClient({ chain: viemChain, transport: http() }) }
}

describe('ERC-4337 on the devnet', () => {
  test('every chain has EntryPoint v0.7 and SimpleAccountFactory v0.7 at their canonical addresses, the paymaster funded, the 7702 delegate', async () => {
    console.info(`devnet with bundlers started in ${Math.round(startMs)} ms`)
    expect(entryPointV07Address).toBe(entryPoint07Address)
    for (const chain of devnet.manifest.chains) {
      const aa = chain.accountAbstraction
      if (!aa) throw new Error(`${chain.name} has no accountAbstraction in the manifest.`)
      expect(aa.entryPoint).toBe('0x0000000071727De22E5E9d8BAf0edAc6f37da032')
      expect(aa.simpleAccountFactory).toBe('0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985')
      expect(aa.simpleAccountFactory).toBe(simpleAccountFactoryV07Address)
      const { publicClient } = clientsFor(chain)
      for (const address of [
        aa.entryPoint,
        aa.simpleAccountFactory,
        aa.paymaster,
        aa.simple7702Account,
      ]) {
        const code = await publicClient.getCode({ address: address as `0x${string}` })
        expect(code?.length ?? 0, `code at ${address} on ${chain.name}`).toBeGreaterThan(100)
      }
      const factoryAbi = parseAbi([
        'function senderCreator() view returns (address)',
        'function accountImplementation() view returns (address)',
      ])
      const implementation = await publicClient.readContract({
        address: aa.simpleAccountFactory as `0x${string}`,
        abi: factoryAbi,
        functionName: 'accountImplementation',
      })
      expect((await publicClient.getCode({ address: implementation }))?.length).toBeGreaterThan(100)
      const paymasterAbi = parseAbi([
        'function verifyingSigner() view returns (address)',
        'function entryPoint() view returns (address)',
        'function owner() view returns (address)',
        'function getDeposit() view returns (uint256)',
      ])
      const read = (functionName: 'verifyingSigner' | 'entryPoint' | 'owner' | 'getDeposit') =>
        publicClient.readContract({
          address: aa.paymaster as `0x${string}`,
          abi: paymasterAbi,
          functionName,
        })
      expect(await read('verifyingSigner')).toBe(anvilAccounts[4]?.address)
      expect(await read('entryPoint')).toBe(aa.entryPoint)
      expect(await read('owner')).toBe(anvilAccounts[0]?.address)
      expect(await read('getDeposit')).toBeGreaterThan(parseUnits('10', 18))
      expect(aa.bundlerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(aa.paymasterUrl).toMatch(new RegExp(`/paymaster/${chain.id}$`))
    }
  })

  test('a sponsored user operation from a new SimpleAccount deploys it and succeeds (permissionless + viem bundler client against alto)', async () => {
    const chain = devnet.manifest.chains[1] as DevnetChain
    const aa = chain.accountAbstraction
    if (!aa) throw new Error('no accountAbstraction')
    const { viemChain, publicClient } = clientsFor(chain)
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toSimpleSmartAccount({
      client: publicClient,
      owner,
      entryPoint: { address: entryPoint07Address, version: '0.7' },
    })
    // The account's address comes from the canonical factory's getAddress, as anywhere else.
    const factoryAbi = parseAbi(['function getAddress(address,uint256) view returns (address)'])
    expect(account.address).toBe(
      await publicClient.readContract({
        address: aa.simpleAccountFactory as `0x${string}`,
        abi: factoryAbi,
        functionName: 'getAddress',
        args: [owner.address, 0n],
      }),
    )
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined()
    expect(await publicClient.getBalance({ address: account.address })).toBe(0n)

    const bundlerClient = createBundlerClient({
      account,
      client: publicClient,
      chain: viemChain,
      transport: http(aa.bundlerUrl),
      paymaster: createPaymasterClient({ transport: http(aa.paymasterUrl) }),
      pollingInterval: 50,
    })
    const usd = chain.tokens.find(
      (token) => token.symbol === chain.contracts.usd || token.address === chain.contracts.usd,
    )
    const started = performance.now()
    // A call that needs no funds in the account: approve the stablecoin for someone.
    const hash = await bundlerClient.sendUserOperation({
      calls: [
        {
          to: getAddress(usd?.address ?? chain.contracts.usd),
          abi: erc20Abi,
          functionName: 'approve',
          args: [anvilAccounts[1]?.address ?? zeroAddress, 1234n],
        },
      ],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 30_000 })
    console.info(
      `sponsored user operation: receipt in ${Math.round(performance.now() - started)} ms`,
    )
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster).toBe(aa.paymaster)
    expect((await publicClient.getCode({ address: account.address }))?.length).toBeGreaterThan(2)
    expect(await publicClient.getBalance({ address: account.address })).toBe(0n)
    expect(
      await publicClient.readContract({
        address: getAddress(chain.contracts.usd),
        abi: erc20Abi,
        functionName: 'allowance',
        args: [account.address, anvilAccounts[1]?.address ?? zeroAddress],
      }),
    ).toBe(1234n)
  }, 60_000)

  test('the paymaster service refuses another chain, another entry point and a chain id that is not its own', async () => {
    const chain = devnet.manifest.chains[0] as DevnetChain
    const aa = chain.accountAbstraction
    if (!aa) throw new Error('no accountAbstraction')
    const userOperation = {
      sender: anvilAccounts[3]?.address,
      nonce: '0x0',
      callData: '0x',
    }
    const call = async (url: string, params: unknown[]) =>
      (await (
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 7,
            method: 'pm_getPaymasterStubData',
            params,
          }),
        })
      ).json()) as { result?: unknown; error?: { code: number; message: string } }
    const chainIdHex = `0x${chain.id.toString(16)}`
    const ok = await call(aa.paymasterUrl, [userOperation, aa.entryPoint, chainIdHex, {}])
    expect(ok.result).toMatchObject({ paymaster: aa.paymaster, isFinal: false })

    const otherChain = await call(aa.paymasterUrl.replace(/\/\d+$/, '/1'), [
      userOperation,
      aa.entryPoint,
      '0x1',
      {},
    ])
    expect(otherChain.error?.message).toMatch(/Chain "1" is not sponsored here/)
    const wrongEntryPoint = await call(aa.paymasterUrl, [
      userOperation,
      '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789',
      chainIdHex,
      {},
    ])
    expect(wrongEntryPoint.error?.message).toMatch(
      /is not supported: this paymaster sponsors user operations of EntryPoint v0.7/,
    )
    const wrongChainId = await call(aa.paymasterUrl, [userOperation, aa.entryPoint, '0x1', {}])
    expect(wrongChainId.error?.message).toMatch(/does not match this paymaster URL's chain/)
  })

  test('alto logs into the state dir and answers through the guard proxy only for allowed origins', async () => {
    const chain = devnet.manifest.chains[0] as DevnetChain
    const log = await readFile(path.join(stateDir, `alto-${chain.id}.log`), 'utf8')
    expect(log.length).toBeGreaterThan(0)
    const bundlerUrl = chain.accountAbstraction?.bundlerUrl as string
    const refused = await fetch(bundlerUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_supportedEntryPoints',
        params: [],
      }),
    })
    expect(refused.status).toBe(403)
  })

  test.runIf(process.platform === 'linux')(
    'stopping the devnet ends every alto',
    async () => {
      // alto runs in the state dir: find its processes by their working directory.
      const dir = await realpath(stateDir)
      const altoPids = () =>
        readdirSync('/proc')
          .filter((entry) => /^\d+$/.test(entry))
          .filter((pid) => {
            try {
              const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
              return readlinkSync(`/proc/${pid}/cwd`) === dir && !/^\d+ \(.*\) Z/.test(stat)
            } catch {
              return false
            }
          })
      expect(altoPids()).toHaveLength(devnet.manifest.chains.length)
      await devnet.stop()
      expect(altoPids()).toEqual([])
    },
    20_000,
  )
})
