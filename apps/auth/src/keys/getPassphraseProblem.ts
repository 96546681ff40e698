import { maxPassphraseLength, minPassphraseLength } from './passphraseRules.ts'

/**
 * Returns why a new recovery passphrase is refused (one sentence for the person), or
 * `undefined` when it is acceptable. Shared by the dialog and `sealRecoveryShare`.
 */
export function getPassphraseProblem(passphrase: string): string | undefined {
  const length = [...passphrase.normalize('NFKC')].length
  if (length < minPassphraseLength) {
    return `The passphrase must be at least ${minPassphraseLength} characters.`
  }
  if (length > maxPassphraseLength) {
    return `The passphrase must be at most ${maxPassphraseLength} characters.`
  }
  return undefined
}
