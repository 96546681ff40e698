import type { FailedTransactionMetadata } from 'litesvm'

/** A transaction error in the JSON shape Solana's RPC answers (`"BlockhashNotFound"`, `{ InstructionError: [0, { Custom: 1 }] }`...). */
export type SolanaTransactionError = string | Record<string, unknown>

// LiteSVM's fieldless errors are numbered in these orders (litesvm 1.5.0, `internal.d.ts`).
const transactionErrors = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

const instructionErrors = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

/** Turns LiteSVM's error of a failed transaction into Solana's JSON form, which clients such as `@solana/kit` decode. */
export function toSolanaTransactionError(
  err: ReturnType<FailedTransactionMetadata['err']>,
): SolanaTransactionError {
  if (typeof err === 'number') return transactionErrors[err] ?? `UnknownTransactionError(${err})`
  if ('accountIndex' in err) {
    const name = err.constructor.name.includes('Rent')
      ? 'InsufficientFundsForRent'
      : 'ProgramExecutionTemporarilyRestricted'
    return { [name]: { account_index: err.accountIndex } }
  }
  if ('index' in err && typeof (err as { err?: unknown }).err === 'function') {
    const inner = (err as { err: () => unknown }).err()
    return { InstructionError: [err.index, toInstructionError(inner)] }
  }
  if ('index' in err) return { DuplicateInstruction: err.index }
  return String(err)
}

function toInstructionError(inner: unknown): SolanaTransactionError {
  if (typeof inner === 'number')
    return instructionErrors[inner] ?? `UnknownInstructionError(${inner})`
  if (inner && typeof inner === 'object' && 'code' in inner) return { Custom: Number(inner.code) }
  if (inner && typeof inner === 'object' && 'msg' in inner)
    return { BorshIoError: String(inner.msg) }
  return String(inner)
}

/** A sentence for an error, as Solana's RPC words it after "Transaction simulation failed: ". */
export function describeSolanaTransactionError(error: SolanaTransactionError): string {
  if (typeof error === 'string') {
    const known: Record<string, string> = {
      BlockhashNotFound: 'Blockhash not found',
      AlreadyProcessed: 'This transaction has already been processed',
      AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
      InsufficientFundsForFee: 'Insufficient funds for fee',
      SignatureFailure: 'Transaction did not pass signature verification',
    }
    return known[error] ?? error
  }
  const instruction = error.InstructionError as [number, SolanaTransactionError] | undefined
  if (instruction) {
    const [index, inner] = instruction
    const detail =
      typeof inner === 'object' && 'Custom' in inner
        ? `custom program error: 0x${Number(inner.Custom).toString(16)}`
        : typeof inner === 'string'
          ? inner
          : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${detail}`
  }
  const rent = error.InsufficientFundsForRent as { account_index: number } | undefined
  if (rent)
    return `Transaction results in an account (${rent.account_index}) with insufficient funds for rent`
  return JSON.stringify(error)
}
