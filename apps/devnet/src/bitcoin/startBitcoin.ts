import type { DevnetBitcoin } from '@latch/api-contract'
import { payments, toXOnly } from 'bitcoinjs-lib'
import type { ECPairInterface } from 'ecpair'
import { startServicesServer } from '../startServicesServer.ts'
import { type BitcoinChain, createBitcoinChain } from './createBitcoinChain.ts'
import { createEsploraApp } from './createEsploraApp.ts'
import { readOrCreateBitcoinKeys } from './readOrCreateBitcoinKeys.ts'
import { coinbaseMaturity, regtest, regtestCaipNetworkId } from './regtest.ts'
import { sendBitcoin } from './sendBitcoin.ts'
import { toRegtestOutputScript } from './toRegtestOutputScript.ts'

export type StartBitcoinParameters = {
  /** Where the Esplora REST API listens (127.0.0.1). */
  port: number
  /** Where the test keys are kept (`bitcoin-keys.json`). */
  stateDir: string
  /** How many funded test accounts; 4 by default. */
  accountCount?: number
  /** A block is mined this long after a transaction arrives (1000 ms by default); false: only on `POST /mine`. */
  autoMineDelayMs?: number | false
  allowedOrigins?: readonly string[]
  allowedHosts?: readonly string[]
  log?: (line: string) => void
}

export type StartBitcoinReturnType = {
  manifest: DevnetBitcoin
  chain: BitcoinChain
  /** Ends the server and the mining timer. Safe to call twice. */
  stop: () => Promise<void>
}

/** What each test account gets at start: 10 BTC on its payment address, 1 BTC on its ordinals one. */
export const bitcoinPaymentFunding = 1_000_000_000n
export const bitcoinOrdinalsFunding = 100_000_000n

/** The payment (P2WPKH) and ordinals (P2TR key path, BIP-86) addresses of a test key. */
export function getBitcoinTestAddresses(key: ECPairInterface) {
  return {
    paymentAddress: payments.p2wpkh({ pubkey: key.publicKey, network: regtest }).address as string,
    ordinalsAddress: payments.p2tr({ internalPubkey: toXOnly(key.publicKey), network: regtest })
      .address as string,
  }
}

/**
 * Starts the devnet's Bitcoin regtest chain: mines past coinbase maturity to the devnet's miner,
 * pays each test account from the miner in a real signed transaction, mines it, and serves the
 * Esplora-compatible REST API with `POST /mine` and `POST /faucet`. New transactions are mined
 * a moment after they arrive so wallets see confirmations.
 */
export async function startBitcoin(
  parameters: StartBitcoinParameters,
): Promise<StartBitcoinReturnType> {
  const { port, stateDir, log, autoMineDelayMs = 1000 } = parameters
  const keys = await readOrCreateBitcoinKeys(stateDir, parameters.accountCount ?? 4)
  const chain = createBitcoinChain()
  const minerScript = payments.p2wpkh({ pubkey: keys.miner.publicKey, network: regtest })
    .output as Uint8Array
  // Enough blocks that the first coinbases can be spent (regtest keeps the 100-block rule).
  chain.mine({ blocks: coinbaseMaturity + 1, scriptPubKey: minerScript })
  const accounts = keys.accounts.map((key) => ({
    ...getBitcoinTestAddresses(key),
    wif: key.toWIF(),
  }))
  sendBitcoin({
    chain,
    key: keys.miner,
    outputs: accounts.flatMap((account) => [
      { script: toRegtestOutputScript(account.paymentAddress), value: bitcoinPaymentFunding },
      { script: toRegtestOutputScript(account.ordinalsAddress), value: bitcoinOrdinalsFunding },
    ]),
  })
  chain.mine({ blocks: 1, scriptPubKey: minerScript })

  let timer: NodeJS.Timeout | undefined
  const unsubscribe =
    autoMineDelayMs === false
      ? () => {}
      : chain.onTransaction(() => {
          timer ??= setTimeout(() => {
            timer = undefined
            const [hash] = chain.mine({ blocks: 1, scriptPubKey: minerScript })
            log?.(`bitcoin: mined block ${chain.getTip().height} ${hash}`)
          }, autoMineDelayMs)
        })

  const app = createEsploraApp({
    chain,
    minerScript,
    faucet: ({ address, value }) => ({
      txid: sendBitcoin({
        chain,
        key: keys.miner,
        outputs: [{ script: toRegtestOutputScript(address), value: BigInt(value) }],
      }),
    }),
    allowedOrigins: parameters.allowedOrigins,
    allowedHosts: parameters.allowedHosts,
    log,
  })
  const server = await startServicesServer(app, port)
  log?.(`bitcoin: regtest at ${server.url}, height ${chain.getTip().height}`)
  let stopped = false
  return {
    manifest: {
      name: 'Latch Devnet Bitcoin',
      caipNetworkId: regtestCaipNetworkId,
      network: 'regtest',
      esploraUrl: server.url,
      accounts,
    },
    chain,
    stop: async () => {
      if (stopped) return
      stopped = true
      unsubscribe()
      clearTimeout(timer)
      await server.close()
    },
  }
}
