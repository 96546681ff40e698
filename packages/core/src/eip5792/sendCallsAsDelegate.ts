import {
  type Account,
  type Address,
  type Chain,
  encodeFunctionData,
  type Hex,
  parseAbi,
  type WalletClient,
} from 'viem'

/** eth-infinitism's `BaseAccount.executeBatch` (v0.8), as Simple7702Account has it. */
export const executeBatchAbi = parseAbi([
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
])

/** A call of a batch as the wallet runs it. */
export type DelegateCall = { to: Address; value?: bigint | undefined; data?: Hex | undefined }

/**
 * Wallet side of an atomic EIP-5792 batch for an EOA: ONE EIP-7702 (type 4) transaction from
 * the account to itself, delegating to `delegate` (a Simple7702Account) when it is not already,
 * calling `executeBatch(calls)`; the calls then all land or all revert. For test and devnet
 * wallets (an anvil key); a real wallet asks its person first. Answers the transaction hash.
 */
export async function sendCallsAsDelegate(parameters: {
  client: WalletClient
  account: Account & { signAuthorization?: unknown }
  chain: Chain
  delegate: Address
  calls: readonly DelegateCall[]
}): Promise<Hex> {
  const { client, account, chain, delegate, calls } = parameters
  const data = encodeFunctionData({
    abi: executeBatchAbi,
    functionName: 'executeBatch',
    args: [
      calls.map((call) => ({ target: call.to, value: call.value ?? 0n, data: call.data ?? '0x' })),
    ],
  })
  const code: unknown = await client.request({
    method: 'eth_getCode',
    params: [account.address, 'latest'],
  } as never)
  // EIP-7702: a delegated account's code is 0xef0100 followed by the delegate's address.
  const delegated =
    typeof code === 'string' && code.toLowerCase() === `0xef0100${delegate.slice(2).toLowerCase()}`
  const authorizationList = delegated
    ? undefined
    : [await client.signAuthorization({ account, contractAddress: delegate, executor: 'self' })]
  return client.sendTransaction({
    account,
    chain,
    to: account.address,
    data,
    ...(authorizationList ? { authorizationList } : {}),
  } as never)
}
