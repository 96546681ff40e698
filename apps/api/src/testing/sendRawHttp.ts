import net from 'node:net'

export type RawHttpResponse = {
  status: number
  headers: Record<string, string>
  body: string
  /** Whether the server closed the connection after (or instead of) answering. */
  closed: boolean
}

/**
 * Writes `request` as is to a fresh TCP connection and reads one HTTP/1.1 response (by
 * Content-Length, or until the server closes). `status` is 0 when the server closed without
 * answering. For tests of what Node and the adapter do with malformed requests.
 */
export function sendRawHttp(
  port: number,
  request: string | Buffer,
  { timeoutMs = 5_000 }: { timeoutMs?: number } = {},
): Promise<RawHttpResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let data = Buffer.alloc(0)
    let done = false
    const timer = setTimeout(() => finish(new Error('No response in time.')), timeoutMs)
    const finish = (error?: Error, closed = false) => {
      if (done) return
      done = true
      clearTimeout(timer)
      socket.destroy()
      if (error) return reject(error)
      resolve({ ...parse(data), closed })
    }
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk])
      const parsed = tryParse(data)
      if (parsed?.complete && parsed.headers.connection !== 'close') finish()
    })
    socket.on('end', () => finish(undefined, true))
    socket.on('close', () => finish(undefined, true))
    // The server may close while we still write (a refused body): the answer is what matters.
    socket.on('error', () => finish(undefined, true))
    socket.write(request)
  })
}

function tryParse(data: Buffer) {
  const end = data.indexOf('\r\n\r\n')
  if (end === -1) return undefined
  const [statusLine = '', ...lines] = data.subarray(0, end).toString('latin1').split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const body = data.subarray(end + 4)
  const length = Number(headers['content-length'] ?? Number.NaN)
  return {
    status: Number(statusLine.split(' ')[1] ?? 0),
    headers,
    body: body.toString('utf8'),
    complete: Number.isFinite(length) && body.length >= length,
  }
}

function parse(data: Buffer): Omit<RawHttpResponse, 'closed'> {
  const parsed = tryParse(data)
  if (!parsed) return { status: 0, headers: {}, body: '' }
  const { complete: _complete, ...response } = parsed
  return response
}
