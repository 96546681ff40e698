import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { devnetSolanaSchema } from '@latch/api-contract'
import {
  address,
  airdropFactory,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  devnet,
  generateKeyPairSigner,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  type Instruction,
  isSolanaError,
  type KeyPairSigner,
  lamports,
  pipe,
  type RpcDevnet,
  type RpcSubscriptionsDevnet,
  type Signature,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  type SolanaRpcApiDevnet,
  type SolanaRpcSubscriptionsApi,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartSolanaReturnType, startSolana } from './startSolana.ts'

let stateDir: string
let solana: StartSolanaReturnType
let rpc: RpcDevnet<SolanaRpcApiDevnet>
let rpcSubscriptions: RpcSubscriptionsDevnet<SolanaRpcSubscriptionsApi>
let sendAndConfirm: ReturnType<typeof sendAndConfirmTransactionFactory>
let sender: KeyPairSigner
let startMs: number

beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'latch-solana-'))
  const started = performance.now()
  solana = await startSolana({ rpcPort: 0, wsPort: 0, stateDir })
  startMs = performance.now() - started
  rpc = createSolanaRpc(devnet(solana.manifest.rpcUrl))
  rpcSubscriptions = createSolanaRpcSubscriptions(devnet(solana.manifest.wsUrl))
  sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })
  const first = solana.manifest.accounts[0] as { secretKey: string }
  sender = await createKeyPairSignerFromBytes(getBase58Encoder().encode(first.secretKey))
})

afterAll(async () => {
  await solana?.stop()
  await rm(stateDir, { recursive: true, force: true })
})

async function signed(payer: KeyPairSigner, instructions: Instruction[]) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  return signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  )
}

async function rawRpc(method: string, params: unknown[] = []) {
  const response = await fetch(solana.manifest.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await response.json()) as {
    result?: unknown
    error?: { code: number; message: string; data?: unknown }
  }
}

describe('the local Solana chain, through @solana/kit', () => {
  it('has its own genesis hash and a manifest entry the schema accepts', async () => {
    const genesis = await rpc.getGenesisHash().send()
    expect(genesis).toBe(solana.manifest.genesisHash)
    expect(solana.manifest.caipNetworkId).toBe(`solana:${genesis.slice(0, 32)}`)
    // Not a public cluster's (mainnet, devnet, testnet).
    expect([
      '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
      'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
      '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
    ]).not.toContain(genesis)
    expect(devnetSolanaSchema.parse(solana.manifest)).toEqual(solana.manifest)
    console.info(
      `Solana devnet start (keys, LiteSVM, LUSD mint, 5 funded accounts, servers): ${Math.round(startMs)} ms`,
    )
  })

  it('keeps its keys in the state dir (owner-only) and the same mint on the next start', async () => {
    const file = join(stateDir, 'solana-keys.json')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(await readFile(file, 'utf8')).toContain(solana.manifest.accounts[0]?.secretKey)
    const again = await startSolana({ rpcPort: 0, wsPort: 0, stateDir, slotIntervalMs: 0 })
    try {
      expect(again.manifest.tokens[0]?.mint).toBe(solana.manifest.tokens[0]?.mint)
      expect(again.manifest.accounts).toEqual(solana.manifest.accounts)
    } finally {
      await again.stop()
    }
  })

  it('funds the test accounts with SOL and LUSD (jsonParsed token accounts)', async () => {
    const [token] = solana.manifest.tokens
    expect(token).toMatchObject({ name: 'Latch USD', symbol: 'LUSD', decimals: 6 })
    const { value: balance } = await rpc.getBalance(sender.address).send()
    expect(balance).toBeGreaterThan(999n * 10n ** 9n)
    const { value: accounts } = await rpc
      .getTokenAccountsByOwner(
        sender.address,
        { mint: address((token as { mint: string }).mint) },
        { encoding: 'jsonParsed' },
      )
      .send()
    expect(accounts).toHaveLength(1)
    expect(accounts[0]?.account.data.parsed.info.tokenAmount).toEqual({
      amount: '10000000000',
      decimals: 6,
      uiAmount: 10000,
      uiAmountString: '10000',
    })
  })

  it('transfers SOL with sendAndConfirmTransaction, then lists and reads it back', async () => {
    const receiver = await generateKeyPairSigner()
    const transaction = await signed(sender, [
      getTransferSolInstruction({
        source: sender,
        destination: receiver.address,
        amount: 2_000_000_000n,
      }),
    ])
    await sendAndConfirm(transaction as never, { commitment: 'confirmed' })
    const { value } = await rpc.getBalance(receiver.address).send()
    expect(value).toBe(2_000_000_000n)

    const signatures = await rpc.getSignaturesForAddress(receiver.address).send()
    expect(signatures).toHaveLength(1)
    const [entry] = signatures
    expect(entry).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    const fetched = await rpc
      .getTransaction((entry as { signature: Signature; slot: bigint }).signature, {
        maxSupportedTransactionVersion: 0,
        encoding: 'json',
      })
      .send()
    expect(fetched?.meta?.err).toBeNull()
    expect(fetched?.meta?.fee).toBe(5000n)
    expect(fetched?.slot).toBe((entry as { signature: Signature; slot: bigint }).slot)
    expect(fetched?.transaction.message.accountKeys).toContain(receiver.address)
    const index = (fetched as NonNullable<typeof fetched>).transaction.message.accountKeys.indexOf(
      receiver.address,
    )
    expect(fetched?.meta?.preBalances[index]).toBe(0n)
    expect(fetched?.meta?.postBalances[index]).toBe(2_000_000_000n)
  })

  it("transfers LUSD, creating the receiver's associated token account", async () => {
    const mint = address((solana.manifest.tokens[0] as { mint: string }).mint)
    const receiver = await generateKeyPairSigner()
    const [source] = await findAssociatedTokenPda({
      mint,
      owner: sender.address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const [destination] = await findAssociatedTokenPda({
      mint,
      owner: receiver.address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const transaction = await signed(sender, [
      await getCreateAssociatedTokenIdempotentInstructionAsync({
        payer: sender,
        owner: receiver.address,
        mint,
      }),
      getTransferCheckedInstruction({
        source,
        mint,
        destination,
        authority: sender,
        amount: 12_500_000n,
        decimals: 6,
      }),
    ])
    await sendAndConfirm(transaction as never, { commitment: 'confirmed' })
    const { value: accounts } = await rpc
      .getTokenAccountsByOwner(
        receiver.address,
        { programId: TOKEN_PROGRAM_ADDRESS },
        { encoding: 'jsonParsed' },
      )
      .send()
    expect(accounts.map((found) => found.pubkey)).toEqual([destination])
    expect(accounts[0]?.account.data.parsed.info).toMatchObject({
      mint,
      owner: receiver.address,
      tokenAmount: { amount: '12500000', uiAmountString: '12.5' },
    })
    const { value: balance } = await rpc.getTokenAccountBalance(destination).send()
    expect(balance.uiAmountString).toBe('12.5')
    const [entry] = await rpc.getSignaturesForAddress(destination).send()
    const fetched = await rpc
      .getTransaction((entry as { signature: Signature; slot: bigint }).signature, {
        maxSupportedTransactionVersion: 0,
        encoding: 'json',
      })
      .send()
    expect(fetched?.meta?.postTokenBalances).toContainEqual(
      expect.objectContaining({
        mint,
        owner: receiver.address,
        uiTokenAmount: expect.objectContaining({ amount: '12500000' }),
      }),
    )
  })

  it('airdrops through requestAirdrop (confirmed over the WebSocket), capped per request', async () => {
    const receiver = await generateKeyPairSigner()
    await airdropFactory({ rpc, rpcSubscriptions })({
      recipientAddress: receiver.address,
      lamports: lamports(5_000_000_000n),
      commitment: 'confirmed',
    })
    expect((await rpc.getBalance(receiver.address).send()).value).toBe(5_000_000_000n)
    const over = await rawRpc('requestAirdrop', [receiver.address, 101_000_000_000])
    expect(over.error).toMatchInlineSnapshot(`
      {
        "code": -32602,
        "message": "Invalid params: an airdrop of 101000000000 lamports is over the devnet's cap of 100000000000 lamports (100 SOL) per request.",
      }
    `)
  })

  it('refuses a transaction with a bad signature (-32003) and one without funds (-32002 with logs)', async () => {
    const poor = await generateKeyPairSigner()
    const transaction = await signed(sender, [
      getTransferSolInstruction({ source: sender, destination: poor.address, amount: 1_000_000n }),
    ])
    const tampered = {
      ...transaction,
      signatures: { ...transaction.signatures, [sender.address]: new Uint8Array(64).fill(7) },
    }
    const bad = await rawRpc('sendTransaction', [
      getBase64EncodedWireTransaction(tampered as never),
      { encoding: 'base64' },
    ])
    expect(bad.error).toEqual({
      code: -32003,
      message: 'Transaction signature verification failure',
    })

    // `poor` pays its own fee but has no lamports at all.
    await rpc.requestAirdrop(poor.address, lamports(1_000_000n)).send()
    const broke = await signed(poor, [
      getTransferSolInstruction({
        source: poor,
        destination: sender.address,
        amount: 900_000_000n,
      }),
    ])
    const failed = await sendAndConfirm(broke as never, { commitment: 'confirmed' }).catch(
      (error: unknown) => error,
    )
    expect(
      isSolanaError(
        failed,
        SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
      ),
    ).toBe(true)
    const raw = await rawRpc('sendTransaction', [
      getBase64EncodedWireTransaction(broke),
      { encoding: 'base64' },
    ])
    expect(raw.error?.code).toBe(-32002)
    expect(raw.error?.message).toBe(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    )
    expect((raw.error?.data as { logs: string[] } | undefined)?.logs.join('\n')).toContain(
      'insufficient lamports',
    )
    // Nothing landed: the sender's history has no transaction from `poor`.
    expect(
      (await rpc.getSignaturesForAddress(poor.address).send()).every((entry) => entry.err === null),
    ).toBe(true)
  })

  it('answers Solana error codes for bad requests and serves the read methods', async () => {
    expect((await rawRpc('getBalance', ['not-an-address'])).error?.code).toBe(-32602)
    expect((await rawRpc('eth_chainId')).error).toEqual({
      code: -32601,
      message: 'Method not found',
    })
    expect((await rawRpc('getSlot', [{ minContextSlot: 10_000_000 }])).error?.code).toBe(-32016)
    const slot = await rpc.getSlot().send()
    expect(await rpc.getBlockHeight().send()).toBeLessThanOrEqual(slot)
    const epoch = await rpc.getEpochInfo().send()
    expect(epoch.absoluteSlot).toBeGreaterThanOrEqual(slot)
    const rent = await rpc.getMinimumBalanceForRentExemption(165n).send()
    expect(rent).toBe(2_039_280n)
    const { value: accounts } = await rpc
      .getMultipleAccounts([sender.address, (await generateKeyPairSigner()).address], {
        encoding: 'base64',
      })
      .send()
    expect(accounts[0]?.owner).toBe('11111111111111111111111111111111')
    expect(accounts[1]).toBeNull()
    const big = await fetch(solana.manifest.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(60 * 1024),
    })
    expect(big.status).toBe(413)
    const batch = await fetch(solana.manifest.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getSlot' },
        { jsonrpc: '2.0', id: 2, method: 'getGenesisHash' },
      ]),
    })
    expect(((await batch.json()) as { result: unknown }[])[1]?.result).toBe(
      solana.manifest.genesisHash,
    )
    const crossSite = await fetch(solana.manifest.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }),
    })
    expect(crossSite.status).toBe(403)
  })

  it('measures throughput: sequential sendAndConfirm and a burst of sendTransaction', async () => {
    const receiver = await generateKeyPairSigner()
    const count = 40
    let started = performance.now()
    for (let i = 0; i < count; i += 1) {
      const transaction = await signed(sender, [
        getTransferSolInstruction({
          source: sender,
          destination: receiver.address,
          amount: 1_000_000_000n + BigInt(i),
        }),
      ])
      await sendAndConfirm(transaction as never, { commitment: 'confirmed' })
    }
    const confirmedMs = (performance.now() - started) / count
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const burst = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        signTransactionMessageWithSigners(
          pipe(
            createTransactionMessage({ version: 0 }),
            (m) => setTransactionMessageFeePayerSigner(sender, m),
            (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
            (m) =>
              appendTransactionMessageInstructions(
                [
                  getTransferSolInstruction({
                    source: sender,
                    destination: receiver.address,
                    amount: 1000n + BigInt(i),
                  }),
                ],
                m,
              ),
          ),
        ),
      ),
    )
    started = performance.now()
    await Promise.all(
      burst.map((transaction) =>
        rpc
          .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
          .send(),
      ),
    )
    const perSecond = (burst.length / (performance.now() - started)) * 1000
    console.info(
      `Solana devnet: sendAndConfirmTransaction ${confirmedMs.toFixed(1)} ms each (${count} in a row); sendTransaction burst ${Math.round(perSecond)} transfers/s (${burst.length} over HTTP, 1 blockhash)`,
    )
    const signatures = await rpc.getSignaturesForAddress(receiver.address, { limit: 1000 }).send()
    expect(signatures).toHaveLength(count + burst.length)
  })
})
