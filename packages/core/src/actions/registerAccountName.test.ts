import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { createSigningSetup } from '../testing/createFakeLatchApi.ts'
import { registerAccountName } from './registerAccountName.ts'

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })

describe('registerAccountName', () => {
  it('has the wallet sign the JSON message, then registers it for the chain', async () => {
    const { config, api, wallet, account } = await createSigningSetup()
    const profile = await registerAccountName(config, {
      label: 'Alice',
      suffix: 'latch.id',
      timestamp: 1_795_000_000,
    })
    expect(profile).toMatchObject({
      name: 'alice.latch.id',
      addresses: { '60': { address: account.address } },
    })
    expect(wallet.requests.map((request) => request.method)).toEqual(['personal_sign'])
    const [call] = api.calls
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v1/profile/account',
      query: '?projectId=p',
    })
    const body = call?.body as Record<string, string>
    expect(body).toEqual({
      coin_type: 2_147_514_985,
      address: account.address,
      message: '{"name":"alice.latch.id","attributes":{},"timestamp":1795000000}',
      signature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
    })
    await expect(
      verifyMessage({
        address: account.address,
        message: body.message as string,
        signature: body.signature as `0x${string}`,
      }),
    ).resolves.toBe(true)
  })

  it('refuses an invalid label before anything is signed', async () => {
    const { config, wallet, api } = await createSigningSetup()
    await expect(
      registerAccountName(config, { label: 'al_ce', suffix: 'latch.id' }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidNameLabelError: Name "al_ce" is not valid.

      Names use letters, digits and hyphens, at least 4 characters.]
    `)
    await expect(registerAccountName(config, { label: 'abc', suffix: 'latch.id' })).rejects.toThrow(
      'Name "abc" is not valid.',
    )
    expect(wallet.requests).toEqual([])
    expect(api.calls).toEqual([])
  })

  it('a taken name fails with "Error registering name" and isTaken', async () => {
    const { config, api } = await createSigningSetup()
    api.names.set('bobby.latch.id', {
      name: 'bobby.latch.id',
      addresses: {},
      attributes: [],
      registered_at: '',
      updated_at: '',
      created_at: '',
    })
    const error = await registerAccountName(config, { label: 'bobby', suffix: 'latch.id' }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toMatchInlineSnapshot(`
      [NameRegistrationError: Error registering name "bobby.latch.id".

      Details: The name "bobby.latch.id" is taken.]
    `)
    expect((error as { isTaken: boolean }).isTaken).toBe(true)
  })

  it('a declined signature is "Signature declined." and registers nothing', async () => {
    const { config, api, wallet } = await createSigningSetup()
    wallet.answer(() => {
      throw rpcError(4001, 'User rejected the request.')
    })
    await expect(
      registerAccountName(config, { label: 'carol', suffix: 'latch.id' }),
    ).rejects.toThrow('Signature declined.')
    expect(api.calls).toEqual([])
    // Declining a signature is not a reason to drop the connection.
    expect(config.getState().status).toBe('connected')
  })
})
