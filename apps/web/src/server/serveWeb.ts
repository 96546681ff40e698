import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { serve } from '@hono/node-server'
import type { LatchWebConfig } from '@latch/core'
import { createWebApp } from './createWebApp.ts'

export type ServeWebOptions = {
  /** 0 picks a free port. */
  port: number
  /** Default 127.0.0.1. */
  host?: string | undefined
  /** Default apps/web/dist. */
  distDir?: string | undefined
  config: LatchWebConfig
  /**
   * Send a Content-Security-Policy limiting the page to its own origin, the API, the relay and
   * the RPCs (default true). Inline scripts are blocked: tests injecting scripts use
   * `page.evaluate`/`addInitScript`, or pass false.
   */
  csp?: boolean | undefined
}

export type ServeWebReturnType = {
  /** e.g. "http://127.0.0.1:4170" */
  url: string
  stop(): Promise<void>
}

/** Serves the built web app with its runtime config until `stop()`. */
export async function serveWeb(options: ServeWebOptions): Promise<ServeWebReturnType> {
  const host = options.host ?? '127.0.0.1'
  const app = createWebApp({
    distDir: options.distDir ?? resolve(import.meta.dirname, '../../dist'),
    config: options.config,
    csp: options.csp,
  })
  return new Promise((done, fail) => {
    const server = serve({ fetch: app.fetch, port: options.port, hostname: host }, (info) => {
      server.off('error', fail)
      const address = info as AddressInfo
      const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host
      done({
        url: `http://${urlHost}:${address.port}`,
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
