import { z } from 'zod'

const hex = (pattern: RegExp, expected: string) => z.string().regex(pattern, `expected ${expected}`)

/** JSON-RPC param fields, shared with the bundler's and paymaster's allow-lists. */
export const quantity = hex(/^0x[0-9a-fA-F]{1,64}$/, 'a hex quantity')
export const data = hex(/^0x(?:[0-9a-fA-F]{2})*$/, 'hex data')
export const address = hex(/^0x[0-9a-fA-F]{40}$/, 'an address')
export const hash = hex(/^0x[0-9a-fA-F]{64}$/, 'a 32-byte hash')
const blockTag = z.union(
  [z.enum(['latest', 'earliest', 'pending', 'safe', 'finalized']), quantity],
  'expected a block number or tag',
)
/** A block by number or tag, or (EIP-1898) by hash or number in an object. */
const blockId = z.union(
  [
    blockTag,
    z.strictObject({ blockHash: hash, requireCanonical: z.boolean().optional() }),
    z.strictObject({ blockNumber: quantity }),
  ],
  'expected a block number, tag or EIP-1898 block object',
)
const storageKey = z.union([hash, quantity], 'expected a storage slot')

/** A transaction to call or estimate; unknown fields (new transaction types) pass to the node. */
const callRequest = z.looseObject({
  from: address.optional(),
  to: address.nullable().optional(),
  gas: quantity.optional(),
  gasPrice: quantity.optional(),
  maxFeePerGas: quantity.optional(),
  maxPriorityFeePerGas: quantity.optional(),
  maxFeePerBlobGas: quantity.optional(),
  value: quantity.optional(),
  data: data.optional(),
  input: data.optional(),
  nonce: quantity.optional(),
  type: quantity.optional(),
  chainId: quantity.optional(),
  accessList: z
    .array(z.strictObject({ address, storageKeys: z.array(hash) }))
    .max(1_000)
    .optional(),
})
/** eth_call's state and block overrides: objects the node checks itself. */
const override = z.record(z.string(), z.unknown())

const logTopic = z.union([hash, z.null(), z.array(hash.nullable()).max(100)], 'expected a topic')
const logFilter = z.strictObject({
  fromBlock: blockTag.optional(),
  toBlock: blockTag.optional(),
  blockHash: hash.optional(),
  address: z.union([address, z.array(address).max(1_000)], 'expected an address').optional(),
  topics: z.array(logTopic).max(4).optional(),
})
/** The parsed filter of an eth_getLogs call. */
export type LogFilter = z.infer<typeof logFilter>

const none = z.tuple([])

/**
 * The methods the RPC endpoint forwards, with the params each takes: what dapps and viem's
 * public actions read, plus eth_sendRawTransaction. Everything else is refused with -32601:
 * node control (anvil_*, evm_*, hardhat_*, debug_*, admin_*, miner_*, txpool_*), keys the node
 * holds (eth_accounts, eth_sign*, eth_sendTransaction, personal_*), and filters and
 * subscriptions, which keep state on the node per caller.
 */
export const allowedRpcMethods: ReadonlyMap<string, z.ZodType<readonly unknown[]>> = new Map<
  string,
  z.ZodType<readonly unknown[]>
>([
  ['eth_chainId', none],
  ['eth_blockNumber', none],
  ['eth_gasPrice', none],
  ['eth_maxPriorityFeePerGas', none],
  ['eth_blobBaseFee', none],
  ['eth_syncing', none],
  ['net_version', none],
  ['net_listening', none],
  ['web3_clientVersion', none],
  [
    'eth_call',
    z.tuple([callRequest, blockId.optional(), override.optional(), override.optional()]),
  ],
  ['eth_estimateGas', z.tuple([callRequest, blockId.optional(), override.optional()])],
  ['eth_createAccessList', z.tuple([callRequest, blockId.optional()])],
  [
    'eth_feeHistory',
    z.tuple([
      z.union(
        [
          quantity.refine((value) => BigInt(value) >= 1n && BigInt(value) <= 1024n, {
            message: 'expected a block count from 1 to 1024',
          }),
          z.number().int().min(1).max(1024),
        ],
        'expected a block count from 1 to 1024',
      ),
      blockTag,
      z.array(z.number().min(0).max(100)).max(100).optional(),
    ]),
  ],
  ['eth_getBalance', z.tuple([address, blockId.optional()])],
  ['eth_getCode', z.tuple([address, blockId.optional()])],
  ['eth_getTransactionCount', z.tuple([address, blockId.optional()])],
  ['eth_getStorageAt', z.tuple([address, storageKey, blockId.optional()])],
  ['eth_getProof', z.tuple([address, z.array(storageKey).max(1_000), blockId])],
  ['eth_getTransactionByHash', z.tuple([hash])],
  ['eth_getTransactionReceipt', z.tuple([hash])],
  ['eth_getTransactionByBlockHashAndIndex', z.tuple([hash, quantity])],
  ['eth_getTransactionByBlockNumberAndIndex', z.tuple([blockTag, quantity])],
  ['eth_getBlockByNumber', z.tuple([blockTag, z.boolean().optional()])],
  ['eth_getBlockByHash', z.tuple([hash, z.boolean().optional()])],
  ['eth_getBlockTransactionCountByHash', z.tuple([hash])],
  ['eth_getBlockTransactionCountByNumber', z.tuple([blockTag])],
  ['eth_getBlockReceipts', z.tuple([blockId])],
  ['eth_getLogs', z.tuple([logFilter])],
  [
    'eth_sendRawTransaction',
    z.tuple([data.refine((value) => value.length > 2, 'expected a signed transaction')]),
  ],
])
