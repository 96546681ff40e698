import { describe, expect, it } from 'vitest'
import { formatSendFormMessage, type SendFormMessage } from './formatSendFormMessage.ts'
import { readReceiver } from './readReceiver.ts'
import { type SendFormInput, validateSendForm } from './validateSendForm.ts'

const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const eth = { symbol: 'ETH', decimals: 18, balance: 2_000_000_000_000_000_000n, native: true }
const lusd = { symbol: 'LUSD', decimals: 6, balance: 10_000_000n, native: false }

/** The English text of a message, as the form shows it. */
const text = (message: SendFormMessage | undefined) =>
  message ? formatSendFormMessage(message) : undefined

function validate(input: Partial<SendFormInput> & { receiverText?: string }) {
  const { receiverText = '', ...rest } = input
  return validateSendForm({
    token: undefined,
    amount: '',
    receiver: readReceiver(receiverText, 'latch.id'),
    nameSuffix: 'latch.id',
    ...rest,
  })
}

describe('validateSendForm', () => {
  it("has the spec's messages for an empty form (section 5)", () => {
    const result = validate({})
    expect(text(result.token)).toBe('A token is required')
    expect(text(result.form)).toBe('An amount and receiver address are required')
    expect(result.token?.required).toBe(true)
    expect(result.form?.required).toBe(true)
    expect(result.transfer).toBeUndefined()
    // Either one missing is enough.
    expect(text(validate({ token: lusd, amount: '1' }).form)).toBe(
      'An amount and receiver address are required',
    )
    expect(text(validate({ token: lusd, receiverText: alice }).form)).toBe(
      'An amount and receiver address are required',
    )
  })

  it('is ready with a token, an amount within the balance and an address', () => {
    const result = validate({ token: lusd, amount: '1.5', receiverText: alice })
    expect(result).toEqual({ transfer: { amount: 1_500_000n, to: alice } })
  })

  it('says what is wrong with the amount: not a number, zero, decimals, balance', () => {
    const amountText = (amount: string, token = lusd, fee?: bigint) =>
      text(validate({ token, amount, receiverText: alice, fee }).amount)
    expect(amountText('abc')).toBe('Enter a number above 0, such as 1.5')
    expect(amountText('1,5')).toBe('Enter a number above 0, such as 1.5')
    expect(amountText('0')).toBe('Enter a number above 0, such as 1.5')
    expect(amountText('1.0000001')).toBe('LUSD has at most 6 decimals')
    expect(amountText('10.000001')).toBe('The amount is more than your LUSD balance')
    expect(amountText('10')).toBeUndefined()
    // The native coin pays the fee too.
    expect(amountText('2', eth, 1n)).toBe('Not enough ETH left for the network fee')
    expect(amountText('1.9', eth, 1_000_000n)).toBeUndefined()
    // A token's fee is paid in the native coin: the whole token balance can go.
    expect(amountText('10', lusd, 1_000_000n)).toBeUndefined()
  })

  it('says what is wrong with the receiver: not an address or name, or an unresolved name', () => {
    const receiverText = (receiver: string, resolution?: SendFormInput['resolution']) =>
      text(validate({ token: lusd, amount: '1', receiverText: receiver, resolution }).receiver)
    expect(receiverText('alice')).toBe('Enter a valid address or a name ending in .latch.id')
    expect(receiverText('0x1234')).toBe('Enter a valid address or a name ending in .latch.id')
    // A mixed-case address with a broken EIP-55 checksum.
    expect(receiverText(alice.replace('C8', 'c8'))).toBe(
      'Enter a valid address or a name ending in .latch.id',
    )
    expect(receiverText('nobody.latch.id', { status: 'error' })).toBe('Error resolving name')
    expect(receiverText('alice.latch.id', { status: 'pending' })).toBeUndefined()
  })

  it('sends to the address a name resolved to, once it has', () => {
    const pending = validate({
      token: lusd,
      amount: '1',
      receiverText: 'Alice.latch.id',
      resolution: { status: 'pending' },
    })
    expect(pending.transfer).toBeUndefined()
    const resolved = validate({
      token: lusd,
      amount: '1',
      receiverText: 'Alice.latch.id',
      resolution: { status: 'success', address: alice },
    })
    expect(resolved.transfer).toEqual({ amount: 1_000_000n, to: alice })
  })
})

describe('validateSendForm on an unsupported chain', () => {
  it("says 'Unsupported chain' and sends nothing, once the fields are filled in", () => {
    const result = validate({
      token: lusd,
      amount: '1',
      receiverText: alice,
      unsupportedChain: true,
    })
    expect(text(result.form)).toBe('Unsupported chain')
    expect(result.form?.required).toBeUndefined()
    expect(result.transfer).toBeUndefined()
    // Missing fields are said first.
    expect(text(validate({ token: lusd, unsupportedChain: true }).form)).toBe(
      'An amount and receiver address are required',
    )
  })
})

describe('readReceiver', () => {
  it('tells addresses, names and anything else apart', () => {
    expect(readReceiver('  ', 'latch.id')).toEqual({ kind: 'empty' })
    expect(readReceiver(` ${alice} `, 'latch.id')).toEqual({ kind: 'address', address: alice })
    expect(readReceiver(alice.toLowerCase(), 'latch.id')).toEqual({
      kind: 'address',
      address: alice.toLowerCase(),
    })
    expect(readReceiver('Alice.Latch.id', 'latch.id')).toEqual({
      kind: 'name',
      name: 'alice.latch.id',
    })
    expect(readReceiver('alice.eth', 'latch.id')).toEqual({ kind: 'invalid' })
  })
})
