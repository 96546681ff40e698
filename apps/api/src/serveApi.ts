import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { createApp } from './app.ts'
import { createChainClients } from './createChainClients.ts'
import type { Env } from './env.ts'
import { PortInUseError } from './errors/config.ts'
import { loadConfig } from './loadConfig.ts'
import type { Logger } from './logger.ts'
import { toCaip2 } from './network.ts'
import { loadWalletRegistry } from './registry/loadWalletRegistry.ts'
import { createMemoryProjectStore } from './stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from './stores/createMemoryWalletRegistryStore.ts'

export type ServeApiReturnType = {
  /** Base URL, e.g. `http://127.0.0.1:4171`. */
  url: string
  port: number
  /** Stops accepting requests and closes open connections. */
  stop(): Promise<void>
}

/** Builds the dependencies from a parsed environment and serves the app over HTTP. */
export async function serveApi(
  env: Env,
  { logger }: { logger: Logger },
): Promise<ServeApiReturnType> {
  const config = await loadConfig(env)
  const wallets = await loadWalletRegistry()
  if (env.DATABASE_URL)
    logger.warn('DATABASE_URL is set but storage is not implemented yet; it is ignored for now.')

  const app = createApp({
    networks: config.networks,
    projects: createMemoryProjectStore(config.projects),
    clients: createChainClients(config.networks),
    wallets: createMemoryWalletRegistryStore(wallets),
    logger,
    allowedOrigins: config.allowedOrigins,
  })

  const server = createAdaptorServer({ fetch: app.fetch }) as Server
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening)
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUseError({ host: env.HOST, port: env.PORT })
          : error,
      )
    }
    const onListening = () => {
      server.off('error', onError)
      resolve()
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen(env.PORT, env.HOST)
  })

  const { port } = server.address() as AddressInfo
  const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST
  const url = `http://${host}:${port}`
  logger.info(`API listening on ${url}`)
  logger.info(
    `Serving ${config.networks.map((network) => `${network.name} (${toCaip2(network.id)})`).join(', ')} from ${config.source === 'devnet' ? 'the devnet manifest' : 'LATCH_NETWORKS'}.`,
  )

  let stopping: Promise<void> | undefined
  return {
    url,
    port,
    stop() {
      stopping ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
      return stopping
    },
  }
}
