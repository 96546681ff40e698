import { useAccount } from '../hooks/useAccount.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useCopyToClipboard } from '../hooks/useCopyToClipboard.ts'
import { ReceiveView } from './ReceiveView.tsx'

/** Receive wired to the connected account and the configured networks (lazily loaded). */
export default function ReceiveContainer() {
  const { address } = useAccount()
  const { networks } = useConfig()
  const clipboard = useCopyToClipboard()
  if (!address) return null
  return (
    <ReceiveView
      address={address}
      networks={networks}
      onCopy={() => clipboard.copy(address)}
      copied={clipboard.copied}
    />
  )
}
