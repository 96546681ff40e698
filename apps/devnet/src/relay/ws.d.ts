// The subset of `ws` 8 the relay uses; `@types/ws` is not installed. Delete this file if it is.
declare module 'ws' {
  import type { IncomingMessage } from 'node:http'
  import type { Duplex } from 'node:stream'

  export type RawData = Buffer | ArrayBuffer | Buffer[]

  export class WebSocket {
    static readonly CONNECTING: 0
    static readonly OPEN: 1
    static readonly CLOSING: 2
    static readonly CLOSED: 3
    /** Client side; `autoPong: false` lets a test play a dead peer. */
    constructor(url: string, options?: { autoPong?: boolean })
    readonly readyState: 0 | 1 | 2 | 3
    send(data: string, callback?: (error?: Error) => void): void
    ping(data?: string | Buffer, mask?: boolean, callback?: (error?: Error) => void): void
    close(code?: number, reason?: string): void
    terminate(): void
    on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this
    on(event: 'pong', listener: () => void): this
    on(event: 'ping', listener: () => void): this
    on(event: 'error', listener: (error: Error) => void): this
    once(event: 'close', listener: (code: number, reason: Buffer) => void): this
  }

  export type ServerOptions = { noServer: true; maxPayload?: number; clientTracking?: boolean }

  export class WebSocketServer {
    constructor(options: ServerOptions)
    readonly clients: Set<WebSocket>
    handleUpgrade(
      request: IncomingMessage,
      socket: Duplex,
      head: Buffer,
      callback: (socket: WebSocket, request: IncomingMessage) => void,
    ): void
    close(callback?: (error?: Error) => void): void
  }
}
