import {
  createNameAttributesMessage,
  createNameMessage,
  type DevnetManifest,
  toNameCoinType,
} from '@latch/api-contract'
import { type Hex, zeroAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { openConnectModal } from '../src/app.ts'
import { expect, test } from '../src/fixtures.ts'
import { installInjectedWallet } from '../src/injectedWallet.ts'

/** An image of the API itself: allowed as an avatar as it is (the devnet has no https host). */
const apiImage = (manifest: DevnetManifest, address: string) =>
  `${process.env.LATCH_E2E_API_URL}/public/getTokenImage/${manifest.chains[0]?.id ?? 31337}/${address}`

/** POSTs to the API as the reference client does: no project id, the signature is the authority. */
async function post(path: string, body: unknown) {
  const response = await fetch(`${process.env.LATCH_E2E_API_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.ok, await response.clone().text()).toBe(true)
}

test("the account header shows the name's avatar, and a signed update changes it", async ({
  page,
  manifest,
}) => {
  const privateKey: Hex = generatePrivateKey()
  const account = privateKeyToAccount(privateKey)
  const name = `avatar-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.latch.id`
  const first = apiImage(manifest, zeroAddress)
  const message = createNameMessage({ name, attributes: { avatar: first } })
  await post('/v1/profile/account', {
    coin_type: toNameCoinType(manifest.chains[0]?.id ?? 31337),
    address: account.address,
    message,
    signature: await account.signMessage({ message }),
  })

  const wallet = await installInjectedWallet(page, { manifest, privateKey })
  const connect = await openConnectModal(page)
  await connect.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('account-address')).toContainText(wallet.address)
  const header = page.getByTestId('account-view')
  await expect(header.getByRole('heading', { level: 2 })).toHaveText(name)
  const avatar = header.getByTestId('account-avatar')
  await expect(avatar.locator('img.latch-account__avatar-image')).toHaveAttribute('src', first)
  await expect(avatar).not.toHaveAttribute('data-generated', 'true')

  // A later update signed by the name's address: the header shows the new avatar after a reload.
  const token = manifest.chains[0]?.tokens[0]?.address ?? zeroAddress
  const second = apiImage(manifest, token)
  const update = createNameAttributesMessage({ name, attributes: { avatar: second } })
  await post(`/v1/profile/account/${name}/attributes?projectId=${manifest.projectId}`, {
    message: update,
    signature: await account.signMessage({ message: update }),
  })
  await page.reload()
  await expect(
    page.getByTestId('account-view').locator('img.latch-account__avatar-image'),
  ).toHaveAttribute('src', second)
})
