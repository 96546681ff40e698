import { type StartRelayReturnType, startTestRelay } from '@latch/test'
import { type Address, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { connectWithWalletConnect } from '../src/app.ts'
import { bridgeRelaySocket } from '../src/bridgeRelaySocket.ts'
import { testKey } from '../src/devnet.ts'
import { expect, test } from '../src/fixtures.ts'
import { chainBalance, fillSendForm, openWalletFeature } from '../src/send.ts'
import { createWalletConnectWallet } from '../src/walletConnectWallet.ts'

let relay: StartRelayReturnType | undefined

test.afterEach(async () => {
  await relay?.stop()
  relay = undefined
})

test('the relay drops during a live WalletConnect session; once it is back, the session resumes', async ({
  page,
  manifest,
}, info) => {
  test.setTimeout(90_000)
  const chain = manifest.chains[0]
  if (!chain) throw new Error('No devnet chain.')
  // A relay of the test's own, which it can stop; the page's sockets are carried to it, and the
  // page signs its JWT for the relay URL it was configured with.
  relay = await startTestRelay({ audiences: [manifest.relayUrl] })
  const relayUrl = relay.url
  const port = Number(new URL(relayUrl).port)
  await bridgeRelaySocket(page, { pageRelayUrl: manifest.relayUrl, relayUrl })
  const wallet = await createWalletConnectWallet({
    manifest: { ...manifest, relayUrl },
    privateKey: testKey(manifest, 5 + (info.parallelIndex % 4)),
  })
  try {
    await connectWithWalletConnect(page, wallet)
    const send = async (receiver: Address, amount: string) => {
      const dialog = await openWalletFeature(page, 'Send')
      await fillSendForm(dialog, { symbol: 'ETH', amount, receiver })
      await dialog.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(
        page
          .getByTestId('latch-toast')
          .filter({ hasText: `Sent ${amount} ETH` })
          .first(),
      ).toBeVisible({ timeout: 30_000 })
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toHaveCount(0)
    }
    const first = privateKeyToAccount(generatePrivateKey()).address
    await send(first, '0.1')
    expect(await chainBalance(chain, first)).toBe(parseEther('0.1'))

    // The relay goes away: every socket (the page's and the wallet's) is closed, and for a few
    // seconds nothing answers on its port.
    await relay.stop()
    relay = undefined
    await new Promise((resolve) => setTimeout(resolve, 3000))
    relay = await startTestRelay({ port, audiences: [manifest.relayUrl] })

    // The session survives: the page still shows the account, and a send goes through the
    // wallet again over the new relay.
    await expect(page.getByTestId('account-address')).toContainText(wallet.address)
    const second = privateKeyToAccount(generatePrivateKey()).address
    await send(second, '0.2')
    expect(await chainBalance(chain, second)).toBe(parseEther('0.2'))
    expect(
      wallet.backend.log.filter((entry) => entry.method === 'eth_sendTransaction'),
    ).toHaveLength(2)
    expect(wallet.sessions()).toHaveLength(1)
  } finally {
    await wallet.close()
  }
})
