import type { Address, Hex } from 'viem'

/** The deterministic deployment proxy (Arachnid's), predeployed by anvil. */
export const deterministicDeployerAddress: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'

/** EntryPoint v0.7's canonical address (CREATE2 through the deployer with `entryPointV07Salt`). */
export const entryPointV07Address: Address = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'

/** The salt eth-infinitism deployed EntryPoint v0.7 with. */
export const entryPointV07Salt: Hex =
  '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'

/**
 * SimpleAccountFactory v0.7's canonical address: the 0.7.0 artifact's init code with the
 * EntryPoint v0.7 address as constructor argument, through the deployer with a zero salt.
 */
export const simpleAccountFactoryV07Address: Address = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985'

/** The salt of the factory and of the devnet's Simple7702Account. */
export const zeroSalt: Hex = `0x${'0'.repeat(64)}`
