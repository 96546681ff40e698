import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { z } from 'zod'
import { checkBrowserRequest } from '../checkBrowserRequest.ts'
import { BitcoinRejectError, BitcoinRequestError } from './bitcoinErrors.ts'
import { type BitcoinChain, maxTransactionWeight } from './createBitcoinChain.ts'
import { toEsploraBlock, toEsploraStatus, toEsploraTransaction } from './toEsplora.ts'
import { toRegtestOutputScript } from './toRegtestOutputScript.ts'

export type BitcoinFaucet = (request: { address: string; value: number }) => { txid: string }

export type CreateEsploraAppParameters = {
  chain: BitcoinChain
  /** Where `POST /mine` pays block rewards when the request names no address. */
  minerScript: Uint8Array
  /** Sends test coins (`POST /faucet`); absent -> no faucet route. */
  faucet?: BitcoinFaucet
  /** Browser origins allowed besides loopback pages and extensions (`LATCH_DEVNET_ALLOWED_ORIGINS`). */
  allowedOrigins?: readonly string[]
  /** `Host` names allowed besides loopback (`LATCH_DEVNET_ALLOWED_HOSTS`). */
  allowedHosts?: readonly string[]
  log?: (line: string) => void
}

/** Most blocks one `POST /mine` may ask for. */
export const maxMineBlocks = 1000
/** Most satoshis one faucet request may ask for (10 BTC). */
export const maxFaucetValue = 1_000_000_000

const mineSchema = z
  .object({
    blocks: z.number().int().min(1).max(maxMineBlocks).default(1),
    address: z.string().max(100).optional(),
  })
  .strict()
const faucetSchema = z
  .object({
    address: z.string().max(100),
    value: z
      .number()
      .int('value is a whole number of satoshis.')
      .min(1000, 'value is at least 1000 satoshis.')
      .max(maxFaucetValue, `value is at most ${maxFaucetValue} satoshis (10 BTC).`),
  })
  .strict()
const txidPattern = /^[0-9a-f]{64}$/

/**
 * The regtest chain's Esplora-compatible REST API (the subset wallets and the API use):
 * addresses (stats, UTXOs, transactions), transactions (JSON, hex, raw, status, broadcast),
 * blocks, the tip, the mempool and fee estimates, in Esplora's shapes; errors are plain text
 * with 400/404 as Esplora answers. Devnet only: `POST /mine {blocks, address?}` and
 * `POST /faucet {address, value}` (JSON in and out).
 */
export function createEsploraApp(parameters: CreateEsploraAppParameters): Hono {
  const { chain, minerScript, faucet, allowedOrigins, allowedHosts, log } = parameters
  const app = new Hono()
  const text = (body: string, status: 200 | 400 | 404 | 403 | 413 | 500 = 200) =>
    new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } })

  app.use(async (c, next) => {
    const checked = checkBrowserRequest({
      origin: c.req.header('origin'),
      host: c.req.header('host'),
      allowedOrigins,
      allowedHosts,
    })
    if (!checked.allowed) return text(checked.message, 403)
    await next()
  })
  app.use(cors())

  const readScript = (value: string) => {
    try {
      return { script: toRegtestOutputScript(value) }
    } catch (error) {
      if (error instanceof BitcoinRequestError) return { error: text(error.shortMessage, 400) }
      throw error
    }
  }
  const readTx = (txid: string) => {
    if (!txidPattern.test(txid)) return { error: text('Invalid hex string', 400) }
    const record = chain.getTransaction(txid)
    if (!record) return { error: text('Transaction not found', 404) }
    return { record }
  }
  const readBlock = (hash: string) => {
    if (!txidPattern.test(hash)) return { error: text('Invalid hex string', 400) }
    const record = chain.getBlock(hash)
    if (!record) return { error: text('Block not found', 404) }
    return { record }
  }
  const blockJson = (hash: string) => {
    const record = chain.getBlock(hash)
    if (!record) return undefined
    return toEsploraBlock(record, chain.getBlockAt(record.height - 1))
  }

  app.get('/address/:address', (c) => {
    const address = c.req.param('address')
    const found = readScript(address)
    if (found.error) return found.error
    return c.json({ address, ...chain.getScriptStats(found.script) })
  })
  app.get('/address/:address/utxo', (c) => {
    const found = readScript(c.req.param('address'))
    if (found.error) return found.error
    return c.json(
      chain.listUnspent(found.script).map((coin) => ({
        txid: coin.txid,
        vout: coin.vout,
        status: toEsploraStatus(coin.record),
        value: Number(coin.value),
      })),
    )
  })
  // Esplora: up to 50 mempool transactions, then the newest 25 confirmed ones.
  app.get('/address/:address/txs', (c) => {
    const found = readScript(c.req.param('address'))
    if (found.error) return found.error
    return c.json(
      [
        ...chain.getMempoolTransactions(found.script).slice(0, 50),
        ...chain.getConfirmedTransactions(found.script).slice(0, 25),
      ].map(toEsploraTransaction),
    )
  })
  app.get('/address/:address/txs/mempool', (c) => {
    const found = readScript(c.req.param('address'))
    if (found.error) return found.error
    return c.json(chain.getMempoolTransactions(found.script).slice(0, 50).map(toEsploraTransaction))
  })
  const confirmedPage = (address: string, after?: string) => {
    const found = readScript(address)
    if (found.error) return found.error
    if (after !== undefined && !txidPattern.test(after)) return text('Invalid hex string', 400)
    return Response.json(
      chain.getConfirmedTransactions(found.script, after).slice(0, 25).map(toEsploraTransaction),
    )
  }
  app.get('/address/:address/txs/chain', (c) => confirmedPage(c.req.param('address')))
  app.get('/address/:address/txs/chain/:after', (c) =>
    confirmedPage(c.req.param('address'), c.req.param('after')),
  )

  app.get('/tx/:txid', (c) => {
    const found = readTx(c.req.param('txid'))
    return found.error ?? c.json(toEsploraTransaction(found.record))
  })
  app.get('/tx/:txid/status', (c) => {
    const found = readTx(c.req.param('txid'))
    return found.error ?? c.json(toEsploraStatus(found.record))
  })
  app.get('/tx/:txid/hex', (c) => {
    const found = readTx(c.req.param('txid'))
    return found.error ?? text(found.record.tx.toHex())
  })
  app.get('/tx/:txid/raw', (c) => {
    const found = readTx(c.req.param('txid'))
    if (found.error) return found.error
    return new Response(Buffer.from(found.record.tx.toBuffer()), {
      headers: { 'content-type': 'application/octet-stream' },
    })
  })
  app.post(
    '/tx',
    // Raw hex of the largest standard transaction, plus whitespace.
    bodyLimit({
      maxSize: maxTransactionWeight * 2 + 1024,
      onError: () =>
        text(`The transaction is larger than ${maxTransactionWeight} weight units.`, 413),
    }),
    async (c) => {
      const hex = (await c.req.text()).trim()
      try {
        return text(chain.submitTransaction(hex))
      } catch (error) {
        if (!(error instanceof BitcoinRejectError)) throw error
        log?.(`bitcoin: refused a transaction: ${error.shortMessage}`)
        return text(
          `sendrawtransaction RPC error: ${JSON.stringify({ code: error.code, message: error.shortMessage })}`,
          400,
        )
      }
    },
  )

  app.get('/mempool', (c) => {
    const records = chain.getMempool()
    return c.json({
      count: records.length,
      vsize: records.reduce((sum, record) => sum + record.tx.virtualSize(), 0),
      total_fee: records.reduce((sum, record) => sum + Number(record.fee), 0),
      fee_histogram: [],
    })
  })
  app.get('/mempool/txids', (c) => c.json(chain.getMempool().map((record) => record.txid)))
  // The devnet never fills a block: every target is the minimum relay fee rate, and the next
  // blocks a little above it so wallets that round sizes down still relay.
  app.get('/fee-estimates', (c) =>
    c.json(
      Object.fromEntries(
        [...Array.from({ length: 25 }, (_, i) => i + 1), 144, 504, 1008].map((target) => [
          String(target),
          target <= 2 ? 2 : 1,
        ]),
      ),
    ),
  )

  app.get('/blocks/tip/height', () => text(String(chain.getTip().height)))
  app.get('/blocks/tip/hash', () => text(chain.getTip().hash))
  app.get('/block-height/:height', (c) => {
    const height = c.req.param('height')
    const record = /^\d{1,9}$/.test(height) ? chain.getBlockAt(Number(height)) : undefined
    return record ? text(record.hash) : text('Block not found', 404)
  })
  app.get('/blocks/:start?', (c) => {
    const start = c.req.param('start')
    if (start !== undefined && !/^\d{1,9}$/.test(start)) return text('Invalid block height', 400)
    const from = Math.min(start === undefined ? Infinity : Number(start), chain.getTip().height)
    const list = []
    for (let height = from; height >= 0 && list.length < 10; height--) {
      list.push(blockJson((chain.getBlockAt(height) as { hash: string }).hash))
    }
    return c.json(list)
  })
  app.get('/block/:hash', (c) => {
    const found = readBlock(c.req.param('hash'))
    return found.error ?? c.json(blockJson(found.record.hash))
  })
  app.get('/block/:hash/status', (c) => {
    const found = readBlock(c.req.param('hash'))
    if (found.error) return found.error
    const next = chain.getBlockAt(found.record.height + 1)
    return c.json({
      in_best_chain: true,
      height: found.record.height,
      next_best: next?.hash ?? null,
    })
  })
  app.get('/block/:hash/txids', (c) => {
    const found = readBlock(c.req.param('hash'))
    return found.error ?? c.json(found.record.txids)
  })
  app.get('/block/:hash/header', (c) => {
    const found = readBlock(c.req.param('hash'))
    return found.error ?? text(found.record.block.toHex(true))
  })
  app.get('/block/:hash/raw', (c) => {
    const found = readBlock(c.req.param('hash'))
    if (found.error) return found.error
    return new Response(Buffer.from(found.record.block.toBuffer()), {
      headers: { 'content-type': 'application/octet-stream' },
    })
  })

  const readJson = async (request: Request) => {
    try {
      return { body: (await request.json()) as unknown }
    } catch {
      return { error: text('Invalid JSON body.', 400) }
    }
  }
  const smallBody = bodyLimit({ maxSize: 4096, onError: () => text('The body is too large.', 413) })

  app.post('/mine', smallBody, async (c) => {
    const read = await readJson(c.req.raw)
    if (read.error) return read.error
    const parsed = mineSchema.safeParse(read.body ?? {})
    if (!parsed.success) return text(parsed.error.issues[0]?.message ?? 'Invalid request.', 400)
    let script = minerScript
    if (parsed.data.address !== undefined) {
      const found = readScript(parsed.data.address)
      if (found.error) return found.error
      script = found.script
    }
    const hashes = chain.mine({ blocks: parsed.data.blocks, scriptPubKey: script })
    return c.json({ hashes, height: chain.getTip().height })
  })

  if (faucet) {
    app.post('/faucet', smallBody, async (c) => {
      const read = await readJson(c.req.raw)
      if (read.error) return read.error
      const parsed = faucetSchema.safeParse(read.body)
      if (!parsed.success) return text(parsed.error.issues[0]?.message ?? 'Invalid request.', 400)
      const found = readScript(parsed.data.address)
      if (found.error) return found.error
      try {
        return c.json({ ...faucet(parsed.data), ...parsed.data })
      } catch (error) {
        if (error instanceof BitcoinRequestError || error instanceof BitcoinRejectError) {
          return text(error.shortMessage, 400)
        }
        throw error
      }
    })
  }

  app.notFound(() => text('Not found', 404))
  app.onError((error) => {
    const requestId = crypto.randomUUID()
    log?.(`bitcoin: request ${requestId} failed: ${error.stack ?? error.message}`)
    return text(`Internal error (request ${requestId}).`, 500)
  })
  return app
}
