import { createHash } from 'node:crypto'
import { getBase58Decoder } from '@solana/kit'

/** The seed the devnet's genesis hash is derived from: fixed, so the chain's CAIP-2 id is stable. */
const genesisSeed = 'latch-devnet-solana-genesis-v1'

/**
 * The local Solana chain's genesis hash: SHA-256 of a fixed devnet seed, in base58. It is no
 * public cluster's (mainnet `5eykt4Us...`, devnet `EtWTRABZ...`, testnet `4uhcVJyU...`), so a
 * wallet never takes the devnet for one of them.
 */
export const solanaDevnetGenesisHash: string = getBase58Decoder().decode(
  createHash('sha256').update(genesisSeed).digest(),
)

/** CAIP-2 id of the local chain: `solana:` and the genesis hash's first 32 characters. */
export const solanaDevnetCaipNetworkId = `solana:${solanaDevnetGenesisHash.slice(0, 32)}`
