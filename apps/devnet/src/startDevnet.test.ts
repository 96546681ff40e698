import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { DevnetChain } from '@latch/api-contract'
import { findFreePortBlock } from '@latch/test'
import nodemailer from 'nodemailer'
import {
  createPublicClient,
  createTestClient,
  defineChain,
  erc20Abi,
  formatUnits,
  http,
  multicall3Abi,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { latchCollectionAbi, uniswapV2RouterAbi } from './abis.ts'
import { assertPortsFree } from './assertPortsFree.ts'
import { publicChainIds } from './chains.ts'
import { runFaucetCli } from './cli/faucet.ts'
import { readOrCreateOidcClients } from './oidc/readOrCreateOidcClients.ts'
import { readDevnetManifest } from './readManifest.ts'
import { type StartDevnetReturnType, startDevnet } from './startDevnet.ts'

/** A free block of the stack's ports, from 4470. */
let portBase: number
let stateDir: string
let devnet: StartDevnetReturnType

beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'latch-devnet-'))
  portBase = await findFreePortBlock({ start: 4470 })
  devnet = await startDevnet({ portBase, stateDir })
})

afterAll(async () => {
  await devnet?.stop()
  await rm(stateDir, { recursive: true, force: true })
})

function viemChain(chain: DevnetChain) {
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    contracts: { multicall3: { address: chain.contracts.multicall3 as `0x${string}` } },
  })
}

function clientFor(chain: DevnetChain) {
  return createPublicClient({ chain: viemChain(chain), transport: http() })
}

const token = (chain: DevnetChain, symbol: string) => {
  const found = chain.tokens.find((candidate) => candidate.symbol === symbol)
  if (!found) throw new Error(`No ${symbol} on ${chain.id}.`)
  return found.address as `0x${string}`
}

const postFund = async (body: unknown) => {
  const response = await fetch(devnet.manifest.faucetUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return {
    status: response.status,
    body: (await response.json()) as {
      funded: { symbol: string; amount: string; tokenIds?: string[] }[]
      error: { code: string; message: string }
    },
  }
}

describe('startDevnet', () => {
  test('writes the manifest with three local chains and no public chain id', async () => {
    const manifest = await readDevnetManifest(stateDir)
    expect(manifest).toEqual(devnet.manifest)
    expect(devnet.manifestPath).toBe(path.join(stateDir, 'devnet.json'))
    expect(manifest.chains.map((chain) => chain.id)).toEqual([31337, 31339, 31340])
    expect(manifest.projectId).toMatch(/^[0-9a-f]{32}$/)
    expect(manifest.relayUrl).toBe(`ws://127.0.0.1:${portBase + 2}`)
    expect(manifest.faucetUrl).toBe(`http://127.0.0.1:${portBase + 3}/fund`)
    expect(manifest.demoWallet).toEqual(manifest.accounts[9])
    for (const chain of manifest.chains) {
      expect(publicChainIds).not.toContain(chain.id)
      expect(await clientFor(chain).getChainId()).toBe(chain.id)
      // Deterministic deployment: one set of addresses for every chain and every run.
      expect(chain.contracts).toEqual(manifest.chains[0]?.contracts)
    }
    expect(manifest.chains[0]?.contracts).toMatchInlineSnapshot(`
      {
        "multicall3": "0xcA11bde05977b3631167028862bE2a173976CA11",
        "nft": "0xa513E6E4b8f2a923D98304ec87F64353C4D5C853",
        "uniswapV2Factory": "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707",
        "uniswapV2Router": "0x0165878A594ca255338adfa4d48449f69242Eb8F",
        "usd": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        "weth": "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
      }
    `)
  })

  test('Multicall3 at the canonical address reads the demo wallet balances', async () => {
    const { demoWallet } = devnet.manifest
    for (const chain of devnet.manifest.chains) {
      const client = clientFor(chain)
      const results = await client.multicall({
        allowFailure: false,
        contracts: [
          ...chain.tokens.map(
            (entry) =>
              ({
                address: entry.address as `0x${string}`,
                abi: erc20Abi,
                functionName: 'balanceOf',
                args: [demoWallet.address as `0x${string}`],
              }) as const,
          ),
          {
            address: chain.contracts.multicall3 as `0x${string}`,
            abi: multicall3Abi,
            functionName: 'getEthBalance',
            args: [demoWallet.address as `0x${string}`],
          },
        ],
      })
      expect(
        results.map((value, index) =>
          formatUnits(value as bigint, chain.tokens[index]?.decimals ?? 18),
        ),
      ).toEqual(['10000', '10', '1000', '100', '5000', '10000'])
    }
  })

  test('the Uniswap V2 pools quote the seed prices', async () => {
    const chain = devnet.manifest.chains[1] as DevnetChain
    const client = clientFor(chain)
    const quote = async (amount: string, path: string[]) => {
      const from = chain.tokens.find((entry) => entry.symbol === path[0])
      const to = chain.tokens.find((entry) => entry.symbol === path.at(-1))
      const amounts = await client.readContract({
        address: chain.contracts.uniswapV2Router as `0x${string}`,
        abi: uniswapV2RouterAbi,
        functionName: 'getAmountsOut',
        args: [
          parseUnits(amount, from?.decimals ?? 18),
          path.map((symbol) => token(chain, symbol)),
        ],
      })
      return Number(formatUnits(amounts.at(-1) as bigint, to?.decimals ?? 18))
    }
    // Each swap pays the 0.3% pool fee, hence the 1% tolerance.
    expect(await quote('1', ['ALPHA', 'LUSD'])).toBeGreaterThan(2 * 0.99)
    expect(await quote('1', ['ALPHA', 'LUSD'])).toBeLessThan(2)
    expect(await quote('1', ['WETH', 'LUSD'])).toBeGreaterThan(3000 * 0.99)
    expect(await quote('1', ['BETA', 'WETH'])).toBeGreaterThan(0.01 * 0.99)
    expect(await quote('10', ['PTS', 'LUSD'])).toBeGreaterThan(5 * 0.99)
  })

  test('the demo wallet owns lanterns whose metadata and image are served', async () => {
    const chain = devnet.manifest.chains[2] as DevnetChain
    const client = clientFor(chain)
    const nft = { address: chain.nft.address as `0x${string}`, abi: latchCollectionAbi } as const
    expect(await client.readContract({ ...nft, functionName: 'ownerOf', args: [1n] })).toBe(
      devnet.manifest.demoWallet.address,
    )
    const uri = await client.readContract({ ...nft, functionName: 'tokenURI', args: [1n] })
    expect(uri).toBe(`http://127.0.0.1:${portBase + 3}/nft/31340/1`)

    const metadata = (await (await fetch(uri)).json()) as { image: string }
    expect(metadata).toMatchObject({
      name: 'Lantern #1',
      image: `http://127.0.0.1:${portBase + 3}/nft/31340/1/image.svg`,
    })
    const image = await fetch(metadata.image)
    expect(image.headers.get('content-type')).toBe('image/svg+xml')
    expect(await image.text()).toMatch(/^<svg /)
  })

  test('the faucet funds a fresh address with native currency and tokens', async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address
    const chain = devnet.manifest.chains[1] as DevnetChain
    const client = clientFor(chain)

    const { status, body } = await postFund({ address, chainId: chain.id })
    expect(status).toBe(200)
    expect(body.funded.map((asset) => asset.symbol)).toEqual([
      'ETH',
      'LUSD',
      'WETH',
      'ALPHA',
      'BETA',
      'PTS',
    ])
    expect(await client.getBalance({ address })).toBe(parseEther('100'))
    const lusd = {
      address: token(chain, 'LUSD'),
      abi: erc20Abi,
      functionName: 'balanceOf',
    } as const
    expect(await client.readContract({ ...lusd, args: [address] })).toBe(parseUnits('10000', 6))
    // Only the chain asked for.
    const other = clientFor(devnet.manifest.chains[0] as DevnetChain)
    expect(await other.getBalance({ address })).toBe(0n)

    await postFund({ address, chainId: chain.id, token: 'lusd', amount: '2.5' })
    expect(await client.readContract({ ...lusd, args: [address] })).toBe(parseUnits('10002.5', 6))
  })

  test('the faucet serves concurrent requests for one chain, each in full', async () => {
    const chain = devnet.manifest.chains[0] as DevnetChain
    const client = clientFor(chain)
    const first = privateKeyToAccount(generatePrivateKey()).address
    const second = privateKeyToAccount(generatePrivateKey()).address
    const requests = [
      { address: first, chainId: chain.id },
      { address: first, chainId: chain.id, token: 'ETH', amount: '1' },
      { address: first, chainId: chain.id, token: 'LUSD', amount: '1' },
      { address: first, chainId: chain.id, token: 'WETH', amount: '1' },
      { address: first, chainId: chain.id, token: 'LANTERN', amount: '2' },
      { address: second, chainId: chain.id, token: 'LANTERN', amount: '3' },
      { address: second, chainId: chain.id },
      { address: second, chainId: chain.id, token: 'ETH', amount: '1' },
    ]

    const answers = await Promise.all(requests.map((request) => postFund(request)))
    expect(answers.map((answer) => answer.status)).toEqual(requests.map(() => 200))
    // Each lantern id handed out once.
    const tokenIds = answers.flatMap((answer) =>
      answer.body.funded.flatMap((a) => a.tokenIds ?? []),
    )
    expect(tokenIds).toHaveLength(5)
    expect(new Set(tokenIds).size).toBe(5)

    // Native top-ups read and write the balance: concurrent ones must not overwrite each other.
    expect(await client.getBalance({ address: first })).toBe(parseEther('101'))
    expect(await client.getBalance({ address: second })).toBe(parseEther('101'))
    const balanceOf = (symbol: string, address: `0x${string}`) =>
      client.readContract({
        address: symbol === 'LANTERN' ? (chain.nft.address as `0x${string}`) : token(chain, symbol),
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      })
    expect(await balanceOf('LUSD', first)).toBe(parseUnits('10001', 6))
    expect(await balanceOf('WETH', first)).toBe(parseEther('11'))
    expect(await balanceOf('LANTERN', first)).toBe(2n)
    expect(await balanceOf('LANTERN', second)).toBe(3n)
    // Nothing left behind in anvil's pool.
    const testClient = createTestClient({
      mode: 'anvil',
      chain: viemChain(chain),
      transport: http(),
    })
    expect(await testClient.getTxpoolStatus()).toEqual({ pending: 0, queued: 0 })
  })

  test('the faucet answers 400 to a bad request', async () => {
    expect(await postFund({ address: '0x1234' })).toMatchInlineSnapshot(`
      {
        "body": {
          "error": {
            "code": "BAD_REQUEST",
            "message": "Invalid address "0x1234".",
          },
        },
        "status": 400,
      }
    `)
    const address = devnet.manifest.accounts[1]?.address
    expect((await postFund({ address, token: 'DOGE' })).body.error.message).toMatchInlineSnapshot(
      `"Unknown token "DOGE" on chain 31337. Tokens: ETH, LUSD, WETH, ALPHA, BETA, PTS, LANTERN."`,
    )
    expect((await postFund({ address, chainId: 1 })).body.error.message).toMatchInlineSnapshot(
      `"Unknown chain id "1". Devnet chains: 31337, 31339, 31340."`,
    )
  })

  test('the faucet CLI funds an address and explains what went wrong', async () => {
    const lines: string[] = []
    const out = (line: string) => lines.push(line)
    const address = '0x000000000000000000000000000000000000dEaD'
    const argv = [address, '--chain', '31340', '--token', 'PTS', '--amount', '7']
    expect(await runFaucetCli({ argv, stateDir, out, err: out })).toBe(0)
    expect(await runFaucetCli({ argv: ['0xnope'], stateDir, out, err: out })).toBe(1)
    const elsewhere = path.join(stateDir, 'nothing-here')
    expect(await runFaucetCli({ argv: [address], stateDir: elsewhere, out, err: out })).toBe(1)
    expect(lines).toMatchInlineSnapshot(`
      [
        "Funded 0x000000000000000000000000000000000000dEaD:
        Latch Devnet Beta (31340): 7 PTS",
        "Invalid address "0xnope".",
        "The devnet is not running: start it with \`npm start\`.",
      ]
    `)
  })

  test('the mailbox takes mail over SMTP and lists it at /mailbox', async () => {
    const { mailboxUrl, smtpUrl } = devnet.manifest
    expect(smtpUrl).toBe(`smtp://127.0.0.1:${portBase + 8}`)
    expect(mailboxUrl).toBe(`http://127.0.0.1:${portBase + 3}/mailbox`)
    await nodemailer.createTransport(smtpUrl).sendMail({
      from: 'no-reply@latch.local',
      to: 'devnet-test@example.com',
      subject: 'Your code',
      text: 'Your code is 482913.',
    })
    const response = await fetch(`${mailboxUrl}/messages.json?to=devnet-test@example.com`)
    const { messages } = (await response.json()) as { messages: { codes: string[] }[] }
    expect(messages.map((message) => message.codes)).toEqual([['482913']])
  })

  test('the local OpenID provider serves the social providers on the oidc port', async () => {
    const providers = devnet.manifest.oidc?.providers
    const issuer = `http://127.0.0.1:${portBase + 9}/google`
    expect(providers?.google).toMatchObject({
      issuer,
      clientId: 'latch-devnet-google',
      authorizationUrl: `${issuer}/auth`,
    })
    expect(Object.keys(providers ?? {}).sort()).toEqual([
      'apple',
      'discord',
      'facebook',
      'github',
      'google',
      'x',
    ])
    // The secrets are the state dir's, kept from one start to the next.
    const clients = await readOrCreateOidcClients(stateDir)
    expect(providers?.github.clientSecret).toBe(clients.github.clientSecret)
    // It sends people back to the stack's API only.
    const authorize = (redirectUri: string) => {
      const url = new URL(`${issuer}/auth`)
      url.search = new URLSearchParams({
        client_id: 'latch-devnet-google',
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }).toString()
      return fetch(url, { redirect: 'manual' })
    }
    const started = await authorize(`http://127.0.0.1:${portBase + 1}/auth/v1/social/callback`)
    expect(started.status).toBe(303)
    expect(started.headers.get('location')).toMatch(/^\/google\/interaction\//)
    expect((await authorize('http://127.0.0.1:1/auth/v1/social/callback')).status).toBe(400)
  })

  test('a second devnet on the same ports fails with a fix', async () => {
    const rpcPort = portBase + 4
    const second = startDevnet({ portBase, stateDir })
    await expect(second).rejects.toMatchObject({ name: 'PortInUseError', port: rpcPort })
    await expect(second).rejects.toThrow(
      `Port ${rpcPort} is in use (Latch Devnet RPC). Stop the other process (lsof -i :${rpcPort}) or set LATCH_PORT_BASE to another base.`,
    )
  })

  test('stop() ends the chains, frees the ports and removes the manifest', async () => {
    await devnet.stop()
    await assertPortsFree(
      [portBase + 3, portBase + 4, portBase + 5, portBase + 6, portBase + 9].map((port) => ({
        port,
        label: 'test',
      })),
    )
    expect(existsSync(devnet.manifestPath)).toBe(false)
    await devnet.stop()
  })
})
