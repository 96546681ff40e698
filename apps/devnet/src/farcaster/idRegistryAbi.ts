import { parseAbi } from 'viem'

/** The devnet IdRegistry's functions (the reads are those of Farcaster's real IdRegistry). */
export const idRegistryAbi = parseAbi([
  'function idOf(address owner) view returns (uint256)',
  'function custodyOf(uint256 fid) view returns (address)',
  'function recoveryOf(uint256 fid) view returns (address)',
  'function idCounter() view returns (uint256)',
  'function owner() view returns (address)',
  'function register(address custody, address recovery) returns (uint256 fid)',
  'event Register(address indexed to, uint256 indexed id, address recovery)',
  'error Unauthorized()',
  'error HasId()',
  'error InvalidAddress()',
])
