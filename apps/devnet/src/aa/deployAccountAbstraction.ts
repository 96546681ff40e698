import {
  type Address,
  concatHex,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  type Hex,
  parseEther,
} from 'viem'
import type { DevnetClients } from '../createDevnetClients.ts'
import type { SendTransaction, TransactionQueue } from '../createTransactionQueue.ts'
import { DevnetTransactionError } from '../errors.ts'
import {
  deterministicDeployerAddress,
  entryPointV07Address,
  entryPointV07Salt,
  simpleAccountFactoryV07Address,
  zeroSalt,
} from './accountAbstractionAddresses.ts'
import {
  readAccountAbstractionArtifact,
  readSimple7702AccountArtifact,
} from './readAccountAbstractionArtifact.ts'

export type DeployAccountAbstractionParameters = {
  clients: DevnetClients
  transactions: TransactionQueue
  /** Signs the verifying paymaster's sponsorships (anvil key 4; it only signs). */
  paymasterSigner: Address
  /** What the paymaster holds in the EntryPoint to pay for sponsored operations. */
  paymasterDeposit?: bigint
}

export type AccountAbstractionContracts = {
  entryPoint: Address
  simpleAccountFactory: Address
  /** The factory's SimpleAccount implementation (`accountImplementation()`). */
  simpleAccountImplementation: Address
  paymaster: Address
  simple7702Account: Address
}

/** The paymaster's deposit in the EntryPoint, and its stake (a staked paymaster, as in safe mode). */
export const paymasterDepositDefault = parseEther('100')
const paymasterStake = parseEther('1')
const paymasterUnstakeDelaySeconds = 86_400

/**
 * Deploys ERC-4337 v0.7 on a devnet chain from the unpatched `@account-abstraction/contracts`
 * artifacts: EntryPoint v0.7 and SimpleAccountFactory v0.7 through the deterministic deployment
 * proxy, which puts them at their canonical addresses (the factory's init code with the
 * EntryPoint as argument and a zero salt gives 0x91E6...8985 as on public chains), the
 * Simple7702Account (v0.8) the same way, then a VerifyingPaymaster owned by the chain's owner
 * with `paymasterSigner` as its signer, deposited and staked in the EntryPoint.
 */
export async function deployAccountAbstraction(
  parameters: DeployAccountAbstractionParameters,
): Promise<AccountAbstractionContracts> {
  const { clients, transactions, paymasterSigner } = parameters
  const deposit = parameters.paymasterDeposit ?? paymasterDepositDefault
  const { publicClient, chain } = clients
  const entryPointArtifact = readAccountAbstractionArtifact('EntryPoint')
  const factoryArtifact = readAccountAbstractionArtifact('SimpleAccountFactory')
  const paymasterArtifact = readAccountAbstractionArtifact('VerifyingPaymaster')
  const simple7702Artifact = readSimple7702AccountArtifact()

  return transactions.run(async (send) => {
    const entryPoint = await deployDeterministic({
      send,
      clients,
      name: 'EntryPoint v0.7',
      salt: entryPointV07Salt,
      initCode: entryPointArtifact.bytecode,
      expected: entryPointV07Address,
    })
    const simpleAccountFactory = await deployDeterministic({
      send,
      clients,
      name: 'SimpleAccountFactory v0.7',
      salt: zeroSalt,
      initCode: encodeDeployData({
        abi: factoryArtifact.abi,
        bytecode: factoryArtifact.bytecode,
        args: [entryPoint],
      }),
      expected: simpleAccountFactoryV07Address,
    })
    const simple7702Account = await deployDeterministic({
      send,
      clients,
      name: 'Simple7702Account',
      salt: zeroSalt,
      initCode: simple7702Artifact.bytecode,
    })

    const receipt = await send('deploy VerifyingPaymaster', {
      data: encodeDeployData({
        abi: paymasterArtifact.abi,
        bytecode: paymasterArtifact.bytecode,
        args: [entryPoint, paymasterSigner],
      }),
    })
    if (!receipt.contractAddress) {
      throw new DevnetTransactionError(
        `Step "deploy VerifyingPaymaster" created no contract on ${chain.name} (${chain.id}).`,
        { chainId: chain.id, step: 'deploy VerifyingPaymaster' },
      )
    }
    const paymaster = getAddress(receipt.contractAddress)
    await send('deposit for the paymaster', {
      to: paymaster,
      data: encodeFunctionData({ abi: paymasterArtifact.abi, functionName: 'deposit' }),
      value: deposit,
    })
    await send('stake the paymaster', {
      to: paymaster,
      data: encodeFunctionData({
        abi: paymasterArtifact.abi,
        functionName: 'addStake',
        args: [paymasterUnstakeDelaySeconds],
      }),
      value: paymasterStake,
    })

    const simpleAccountImplementation = (await publicClient.readContract({
      address: simpleAccountFactory,
      abi: factoryArtifact.abi,
      functionName: 'accountImplementation',
    })) as Address
    return {
      entryPoint,
      simpleAccountFactory,
      simpleAccountImplementation: getAddress(simpleAccountImplementation),
      paymaster,
      simple7702Account,
    }
  })
}

/**
 * CREATE2 through the deterministic deployment proxy (its calldata is the salt then the init
 * code); skipped when the address already holds code. Throws if the result is not `expected`.
 */
async function deployDeterministic(parameters: {
  send: SendTransaction
  clients: DevnetClients
  name: string
  salt: Hex
  initCode: Hex
  expected?: Address
}): Promise<Address> {
  const { send, clients, name, salt, initCode, expected } = parameters
  const { chain, publicClient } = clients
  const address = getContractAddress({
    opcode: 'CREATE2',
    from: deterministicDeployerAddress,
    salt,
    bytecode: initCode,
  })
  const step = `deploy ${name}`
  if (expected && address !== expected) {
    throw new DevnetTransactionError(
      `Step "${step}" would put it at ${address}, not at its canonical address ${expected}: its init code differs from the one deployed on public chains.`,
      { chainId: chain.id, step },
    )
  }
  const existing = await publicClient.getCode({ address })
  if (existing && existing !== '0x') return address
  await send(step, { to: deterministicDeployerAddress, data: concatHex([salt, initCode]) })
  const code = await publicClient.getCode({ address })
  if (!code || code === '0x') {
    throw new DevnetTransactionError(
      `Step "${step}" left no code at ${address} on ${chain.name} (${chain.id}).`,
      { chainId: chain.id, step },
    )
  }
  return address
}
