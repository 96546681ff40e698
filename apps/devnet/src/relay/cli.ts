/** Runs the local WalletConnect relay on its own: `node apps/devnet/src/relay/cli.ts --port 4172`. */
import { parseArgs } from 'node:util'
import { getStackPorts } from '../ports.ts'
import { startRelay } from './startRelay.ts'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: String(getStackPorts().relay) },
    host: { type: 'string', default: '127.0.0.1' },
    quiet: { type: 'boolean', default: false },
  },
})

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`relay: --port must be an integer from 0 to 65535, got "${values.port}".`)
  process.exit(1)
}

try {
  const relay = await startRelay({
    port,
    host: values.host,
    log: values.quiet ? undefined : (line) => console.log(line),
  })
  console.log(`relay: relayUrl for the SDKs is ${relay.url}`)
  const shutdown = () => {
    relay.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
} catch (error) {
  // PortInUseError names the port and how to free it.
  console.error(`relay: ${(error as Error).message}`)
  process.exit(1)
}
