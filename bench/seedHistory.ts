import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { type Hex, isAddress, keccak256, toHex } from 'viem'
import { createDatabase } from '../apps/api/src/db/createDatabase.ts'
import { lockDataDir } from '../apps/api/src/db/lockDataDir.ts'

export type SeedHistoryParameters = {
  /** A PostgreSQL URL; else `dataDir`. */
  databaseUrl?: string | undefined
  /** A PGlite data directory (created and migrated when new). */
  dataDir?: string | undefined
  /** The account whose history is written (any case). */
  account: string
  chainId: number
  /** How many transfers of the account to write (1 to 1,000,000). */
  transfers: number
}

/** Rows per INSERT: one statement of column arrays (`unnest`), as the indexer writes. */
const rowsPerInsert = 2_000
/** Block times of the seeded range, which ends a day before it is written. */
const secondsPerBlock = 12

/**
 * Writes `transfers` indexed transfers of one account into a migrated database, as the
 * indexer would have written them: transactions spread over blocks (1 to 3 of the account's per
 * block, ties on block time included), native payments, ERC-20 transfers, swaps (two transfers
 * in one transaction) and ERC-721 transfers with 300 counterparties, the token rows and some
 * NFT names, and the counterparties' own history rows. Deterministic for the same inputs; rows
 * already there are kept. No checkpoint is written: seed a chain no running indexer writes, since
 * an indexer's reorg rollback deletes by block number on its chain.
 */
export async function seedHistory(parameters: SeedHistoryParameters): Promise<void> {
  const { databaseUrl, dataDir, chainId, transfers } = parameters
  if (!isAddress(parameters.account, { strict: false }))
    throw new Error(`seedHistory: "${parameters.account}" is not an address.`)
  if (!Number.isInteger(transfers) || transfers < 1 || transfers > 1_000_000)
    throw new Error('seedHistory: transfers must be an integer from 1 to 1,000,000.')
  if (!Number.isSafeInteger(chainId) || chainId < 1)
    throw new Error('seedHistory: chainId must be a positive integer.')
  if (!databaseUrl && !dataDir) throw new Error('seedHistory needs a databaseUrl or a dataDir.')
  if (!databaseUrl && dataDir?.startsWith('memory://'))
    throw new Error('seedHistory: a memory:// database is gone once closed; give a directory.')
  // The API's own migrations first, then the rows straight through the driver.
  await (await createDatabase({ databaseUrl, dataDir, migrate: true })).close()
  const rows = buildHistory({
    account: parameters.account.toLowerCase() as Hex,
    chainId,
    transfers,
  })
  const client = await openClient({ databaseUrl, dataDir })
  try {
    await client.query('BEGIN')
    await insertColumns(client, 'indexer_tokens', rows.tokens)
    await insertColumns(client, 'nft_metadata', rows.nftNames)
    await insertColumns(client, 'indexer_transactions', rows.transactions)
    await insertColumns(client, 'indexer_transfers', rows.transfers)
    await insertColumns(client, 'indexer_account_transactions', rows.accountRows)
    await client.query('COMMIT')
    // Fresh statistics, as autovacuum would have gathered over the months these rows took.
    await client.query('ANALYZE')
  } finally {
    await client.close()
  }
}

/** What the seeder needs of PGlite and node-postgres alike. */
type Client = {
  query(text: string, params?: unknown[]): Promise<unknown>
  close(): Promise<void>
}

async function openClient({
  databaseUrl,
  dataDir,
}: {
  databaseUrl: string | undefined
  dataDir: string | undefined
}): Promise<Client> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    return { query: (text, params) => client.query(text, params), close: () => client.end() }
  }
  const dir = dataDir as string
  const unlock = await lockDataDir(dir)
  const client = await PGlite.create(dir).catch(async (error: unknown) => {
    await unlock()
    throw error
  })
  return {
    query: (text, params) => client.query(text, params),
    close: () => client.close().finally(unlock),
  }
}

type SqlType = 'bigint' | 'integer' | 'numeric' | 'text'
type Row = Record<string, string | number | null>
type Columns = Record<string, { type: SqlType; values: (string | number | null)[] }>

/** A table's rows kept column by column, as `insertColumns` sends them. */
function columns(spec: Record<string, SqlType>): { columns: Columns; push(row: Row): void } {
  const table: Columns = {}
  for (const [name, type] of Object.entries(spec)) table[name] = { type, values: [] }
  return {
    columns: table,
    push(row) {
      for (const [name, column] of Object.entries(table)) column.values.push(row[name] ?? null)
    },
  }
}

async function insertColumns(
  client: Client,
  table: string,
  { columns: tableColumns }: { columns: Columns },
): Promise<void> {
  const entries = Object.entries(tableColumns)
  const length = entries[0]?.[1].values.length ?? 0
  const names = entries.map(([name]) => name).join(', ')
  const arrays = entries.map(([, { type }], index) => `$${index + 1}::${type}[]`).join(', ')
  const text = `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${arrays}) ON CONFLICT DO NOTHING`
  for (let start = 0; start < length; start += rowsPerInsert)
    await client.query(
      text,
      entries.map(([, { values }]) => values.slice(start, start + rowsPerInsert)),
    )
}

/** A small deterministic generator (mulberry32), so two runs seed the same rows. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const addressOf = (label: string): Hex => keccak256(toHex(label)).slice(0, 42) as Hex
const zeroAddress = '0x0000000000000000000000000000000000000000'

function buildHistory({
  account,
  chainId,
  transfers: wanted,
}: {
  account: Hex
  chainId: number
  transfers: number
}) {
  const random = createRandom(chainId ^ Number.parseInt(account.slice(2, 10), 16))
  const pick = <item>(items: readonly item[]): item =>
    items[Math.floor(random() * items.length)] as item
  const erc20s = [
    { name: 'Latch USD', symbol: 'LUSD', decimals: 6 },
    { name: 'Wrapped Ether', symbol: 'WETH', decimals: 18 },
    { name: 'Lantern Token', symbol: 'LNT', decimals: 18 },
    { name: 'Bench Dollar', symbol: 'BUSD', decimals: 18 },
    { name: 'Eight Decimals', symbol: 'EIGHT', decimals: 8 },
  ].map((token) => ({ ...token, address: addressOf(`seed-token:${token.symbol}`) }))
  const collections = [
    { name: 'Lanterns', address: addressOf('seed-nft:lanterns') },
    { name: 'Bench Birds', address: addressOf('seed-nft:birds') },
  ]
  const counterparties = Array.from({ length: 300 }, (_, index) =>
    addressOf(`seed-counterparty:${index}`),
  )
  const router = addressOf('seed-router')
  const pair = addressOf('seed-pair')

  const tokens = columns({
    chain_id: 'bigint',
    address: 'text',
    kind: 'text',
    name: 'text',
    symbol: 'text',
    decimals: 'integer',
  })
  for (const token of erc20s) tokens.push({ chain_id: chainId, kind: 'erc20', ...token })
  for (const collection of collections)
    tokens.push({ chain_id: chainId, kind: 'erc721', ...collection, symbol: null, decimals: null })
  const nftNames = columns({
    chain_id: 'bigint',
    contract: 'text',
    token_id: 'text',
    status: 'text',
    name: 'text',
  })
  const transactions = columns({
    chain_id: 'bigint',
    hash: 'text',
    block_number: 'bigint',
    tx_index: 'integer',
    block_timestamp: 'bigint',
    from_address: 'text',
    to_address: 'text',
    nonce: 'bigint',
    value: 'numeric',
    method_id: 'text',
    status: 'text',
  })
  const transferRows = columns({
    chain_id: 'bigint',
    tx_hash: 'text',
    log_index: 'integer',
    block_number: 'bigint',
    tx_index: 'integer',
    kind: 'text',
    contract: 'text',
    from_address: 'text',
    to_address: 'text',
    amount: 'numeric',
    token_id: 'text',
  })
  const accountRows = columns({
    account: 'text',
    chain_id: 'bigint',
    tx_hash: 'text',
    block_number: 'bigint',
    tx_index: 'integer',
    block_timestamp: 'bigint',
  })

  // Blocks count up from 1; the last one is a day before now.
  const blocks = Math.ceil(wanted / 1.5) + 1
  const lastTimestamp = Math.floor(Date.now() / 1000) - 86_400
  let written = 0
  let nonce = 0
  let nftId = 0
  for (let block = 1; written < wanted; block++) {
    // Every 7th block shares its second with the next one (fast chains do): the page order
    // breaks such ties by block number.
    const timestamp =
      lastTimestamp - (blocks - block) * secondsPerBlock + (block % 7 === 0 ? secondsPerBlock : 0)
    const inBlock = 1 + Math.floor(random() * 2.2)
    let txIndex = Math.floor(random() * 20)
    for (let n = 0; n < inBlock && written < wanted; n++) {
      txIndex += 1 + Math.floor(random() * 30)
      const hash = keccak256(toHex(`seed-tx:${chainId}:${account}:${block}:${txIndex}`))
      const counterparty = pick(counterparties)
      const roll = random()
      const kind =
        roll < 0.35
          ? 'native'
          : roll < 0.75
            ? 'erc20'
            : roll < 0.9 && wanted - written >= 2
              ? 'swap'
              : 'nft'
      const outgoing = random() < 0.5
      const from = outgoing || kind === 'swap' ? account : counterparty
      const at = { chain_id: chainId, block_number: block, tx_index: txIndex, tx_hash: hash }
      const moved: Row[] = []
      let to: string = counterparty
      let value = '0'
      let methodId: string | null = null
      if (kind === 'native') {
        to = outgoing ? counterparty : account
        value = String(BigInt(Math.floor(random() * 5e6)) * 10n ** 12n)
        moved.push({
          ...at,
          log_index: -1,
          kind: 'native',
          contract: zeroAddress,
          from_address: from,
          to_address: to,
          amount: value,
        })
      } else if (kind === 'erc20') {
        const token = pick(erc20s)
        to = token.address
        methodId = '0xa9059cbb'
        moved.push({
          ...at,
          log_index: Math.floor(random() * 4),
          kind: 'erc20',
          contract: token.address,
          from_address: from,
          to_address: outgoing ? counterparty : account,
          amount: String(
            BigInt(Math.floor(random() * 1e9)) * 10n ** BigInt(Math.max(0, token.decimals - 3)),
          ),
        })
      } else if (kind === 'swap') {
        const [sold, bought] = [pick(erc20s), pick(erc20s)]
        to = router
        methodId = '0x38ed1739'
        moved.push(
          {
            ...at,
            log_index: 0,
            kind: 'erc20',
            contract: sold.address,
            from_address: account,
            to_address: pair,
            amount: String(
              BigInt(Math.floor(random() * 1e9)) * 10n ** BigInt(Math.max(0, sold.decimals - 3)),
            ),
          },
          {
            ...at,
            log_index: 2,
            kind: 'erc20',
            contract: bought.address,
            from_address: pair,
            to_address: account,
            amount: String(
              BigInt(Math.floor(random() * 1e9)) * 10n ** BigInt(Math.max(0, bought.decimals - 3)),
            ),
          },
        )
      } else {
        const collection = pick(collections)
        const tokenId = String(++nftId)
        to = collection.address
        methodId = '0x42842e0e'
        moved.push({
          ...at,
          log_index: 0,
          kind: 'erc721',
          contract: collection.address,
          from_address: from,
          to_address: outgoing ? counterparty : account,
          amount: '1',
          token_id: tokenId,
        })
        if (nftId % 3 === 0)
          nftNames.push({
            chain_id: chainId,
            contract: collection.address,
            token_id: tokenId,
            status: 'ok',
            name: `${collection.name} #${tokenId}`,
          })
      }
      transactions.push({
        chain_id: chainId,
        hash,
        block_number: block,
        tx_index: txIndex,
        block_timestamp: timestamp,
        from_address: from,
        to_address: to,
        nonce: from === account ? nonce++ : Math.floor(random() * 1000),
        value,
        method_id: methodId,
        status: random() < 0.02 ? 'failed' : 'confirmed',
      })
      // As listAccountTransactions: the sender, a native recipient, both sides of each transfer.
      const people = new Set<string>([from])
      for (const transfer of moved) {
        people.add(String(transfer.from_address))
        people.add(String(transfer.to_address))
        transferRows.push(transfer)
      }
      for (const person of people)
        accountRows.push({
          account: person,
          chain_id: chainId,
          tx_hash: hash,
          block_number: block,
          tx_index: txIndex,
          block_timestamp: timestamp,
        })
      written += moved.length
    }
  }
  return { tokens, nftNames, transactions, transfers: transferRows, accountRows }
}
