import type { Hex } from 'viem'

/** topic0 of `Transfer(address,address,uint256)`, shared by ERC-20 and ERC-721. */
export const transferTopic: Hex =
  '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

export type DecodedTransferLog =
  | { kind: 'erc20'; from: Hex; to: Hex; amount: bigint }
  | { kind: 'erc721'; from: Hex; to: Hex; tokenId: bigint }

/**
 * Reads a Transfer log without an ABI: three topics and a 32-byte value is ERC-20, four topics
 * (the token id indexed) and no data is ERC-721. Anything else (a look-alike event) is skipped.
 */
export function decodeTransferLog(log: {
  topics: readonly Hex[]
  data: Hex
}): DecodedTransferLog | undefined {
  const [topic0, fromTopic, toTopic, tokenIdTopic] = log.topics
  if (topic0?.toLowerCase() !== transferTopic || !fromTopic || !toTopic) return undefined
  const from = topicToAddress(fromTopic)
  const to = topicToAddress(toTopic)
  if (!from || !to) return undefined
  if (log.topics.length === 3 && log.data.length === 66)
    return { kind: 'erc20', from, to, amount: BigInt(log.data) }
  if (log.topics.length === 4 && tokenIdTopic && log.data === '0x')
    return { kind: 'erc721', from, to, tokenId: BigInt(tokenIdTopic) }
  return undefined
}

/** The address in an indexed address topic (lowercase), or undefined when the topic is not one. */
function topicToAddress(topic: Hex): Hex | undefined {
  if (topic.length !== 66 || !/^0x0{24}/i.test(topic)) return undefined
  return `0x${topic.slice(26).toLowerCase()}`
}
