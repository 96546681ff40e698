import { historyResponseSchema } from '@latch/api-contract'
import { Hono } from 'hono'
import { parseEther } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { AppEnv } from '../appEnv.ts'
import { forEachDatabase } from '../db/testing.ts'
import { errorResponse } from '../errorResponse.ts'
import { BaseError } from '../errors/base.ts'
import { type StartIndexerReturnType, startIndexer } from '../indexer/startIndexer.ts'
import {
  createTestChain,
  type TestChain,
  testAccounts,
} from '../indexer/testing/createTestChain.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import { waitForIndexedBlock } from '../indexer/testing/waitForIndexedBlock.ts'
import { historyRoute } from './history.ts'

const [buyer, coinbaseFunding, moonpayFunding, friend] = testAccounts
const projectId = '0123456789abcdef0123456789abcdef'

forEachDatabase('history: the onramp filter', (context) => {
  let chain: TestChain
  let indexer: StartIndexerReturnType
  let app: Hono<AppEnv>

  const page = async (query: string) => {
    const response = await app.request(
      `/v1/account/${buyer}/history?projectId=${projectId}${query}`,
    )
    return { status: response.status, body: await response.json() }
  }

  beforeAll(async () => {
    chain = await createTestChain()
    // A purchase from each provider's funding account, and a plain transfer from a friend.
    await chain.send({ from: coinbaseFunding, to: buyer, value: parseEther('0.033') })
    await chain.send({ from: friend, to: buyer, value: parseEther('1') })
    await chain.send({ from: moonpayFunding, to: buyer, value: parseEther('0.032') })
    indexer = startIndexer({
      db: context.db,
      networks: [chain.network],
      clients: chain.clients,
      log: createTestLogger().logger,
      pollingIntervalMs: 50,
      startFrom: 'genesis',
    })
    app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('project', { id: projectId, name: 'Test', allowedOrigins: [] } as never)
        c.set('apiOrigin', 'http://localhost')
        await next()
      })
      .route(
        '/v1',
        historyRoute({
          db: context.db,
          networks: [chain.network],
          onrampSenders: new Map([
            [coinbaseFunding.toLowerCase(), 'coinbase'],
            [moonpayFunding.toLowerCase(), 'moonpay'],
          ]),
        }),
      )
    app.onError((error, c) =>
      error instanceof BaseError ? errorResponse(c, error) : c.text(String(error), 500),
    )
    const head = await chain.head()
    await waitForIndexedBlock(indexer, head)
  })
  afterAll(async () => {
    await indexer?.stop()
    await chain?.stop()
  })

  test('onramp=coinbase answers that provider purchases, in the reference client statuses', async () => {
    const { status, body } = await page('&onramp=coinbase')
    expect(status).toBe(200)
    const { data, next } = historyResponseSchema.parse(body)
    expect(next).toBeNull()
    expect(data.map((item) => item.metadata)).toEqual([
      expect.objectContaining({
        status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
        operationType: 'receive',
        sentFrom: coinbaseFunding,
        onramp: 'coinbase',
      }),
    ])
    expect(data[0]?.transfers[0]).toMatchObject({
      direction: 'in',
      quantity: { numeric: '0.033' },
      fungible_info: { symbol: 'ETH' },
    })
  })

  test('onramp=all answers every provider purchase, newest first; moonpay only its own', async () => {
    const all = historyResponseSchema.parse((await page('&onramp=all')).body)
    expect(all.data.map((item) => item.metadata.onramp)).toEqual(['moonpay', 'coinbase'])
    const moonpay = historyResponseSchema.parse((await page('&onramp=moonpay')).body)
    expect(moonpay.data.map((item) => item.transfers[0]?.quantity.numeric)).toEqual(['0.032'])
  })

  test('the plain history marks purchases with metadata.onramp and keeps its statuses', async () => {
    const { data } = historyResponseSchema.parse((await page('')).body)
    expect(data.map((item) => [item.metadata.onramp, item.metadata.status])).toEqual([
      ['moonpay', 'confirmed'],
      [undefined, 'confirmed'],
      ['coinbase', 'confirmed'],
    ])
  })

  test('an unknown onramp value is a 400 naming the choices', async () => {
    const { status, body } = await page('&onramp=paypal')
    expect(status).toBe(400)
    expect(body).toMatchObject({
      error: { message: 'onramp must be one of "coinbase", "moonpay", "all".' },
    })
  })
})
