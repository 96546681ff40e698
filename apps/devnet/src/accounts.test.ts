import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { anvilAccounts, anvilMnemonic } from './accounts.ts'

test('the hard-coded accounts are the ones anvil derives from its mnemonic', () => {
  anvilAccounts.forEach(({ address, privateKey }, addressIndex) => {
    expect(privateKeyToAccount(privateKey).address).toBe(address)
    expect(mnemonicToAccount(anvilMnemonic, { addressIndex }).address).toBe(address)
  })
})
