import { getPassphraseProblem } from '../../keys/getPassphraseProblem.ts'

export type NewPassphraseErrors = {
  passphrase?: string | undefined
  repeat?: string | undefined
}

/**
 * What is wrong with a new recovery passphrase and its repetition, one message per field;
 * an empty object when both are fine.
 */
export function getNewPassphraseErrors(passphrase: string, repeat: string): NewPassphraseErrors {
  const problem = getPassphraseProblem(passphrase)
  if (problem) return { passphrase: problem }
  if (repeat === '') return { repeat: 'Enter the passphrase again.' }
  if (repeat.normalize('NFKC') !== passphrase.normalize('NFKC')) {
    return { repeat: 'The passphrases do not match.' }
  }
  return {}
}
