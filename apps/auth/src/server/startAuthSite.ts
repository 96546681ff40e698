import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { serve } from '@hono/node-server'
import { createAuthSite } from './createAuthSite.ts'
import type { ProjectOriginsSource } from './createProjectOriginsSource.ts'

export type StartAuthSiteParameters = {
  /** 0 picks a free port. */
  port: number
  /** Default 127.0.0.1. */
  host?: string | undefined
  /** The API's public URL (LATCH_PUBLIC_API_URL, else LATCH_API_URL). */
  apiUrl: string
  /** Default apps/auth/dist. */
  distDir?: string | undefined
  origins?: ProjectOriginsSource | undefined
}

export type StartAuthSiteReturnType = {
  /** e.g. "http://127.0.0.1:4177" */
  url: string
  stop(): Promise<void>
}

/** The default build output: apps/auth/dist. */
export const defaultAuthDistDir = resolve(import.meta.dirname, '../../dist')

/** Serves the auth site (the embedded wallet's frame) until `stop()`. */
export async function startAuthSite(
  parameters: StartAuthSiteParameters,
): Promise<StartAuthSiteReturnType> {
  const host = parameters.host ?? '127.0.0.1'
  const app = createAuthSite({
    distDir: parameters.distDir ?? defaultAuthDistDir,
    apiUrl: parameters.apiUrl,
    origins: parameters.origins,
  })
  return new Promise((done, fail) => {
    const server = serve({ fetch: app.fetch, port: parameters.port, hostname: host }, (info) => {
      server.off('error', fail)
      const { port } = info as AddressInfo
      const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host
      done({
        url: `http://${urlHost}:${port}`,
        stop: () =>
          new Promise<void>((closed) => {
            server.close(() => closed())
            ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
          }),
      })
    })
    server.once('error', fail)
  })
}
