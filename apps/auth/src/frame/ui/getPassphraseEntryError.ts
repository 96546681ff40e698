import { minPassphraseLength } from '../../keys/passphraseRules.ts'

/** Why a typed recovery passphrase cannot be right before even trying it, or `undefined`. */
export function getPassphraseEntryError(passphrase: string): string | undefined {
  if (passphrase === '') return 'Enter your recovery passphrase.'
  if ([...passphrase.normalize('NFKC')].length < minPassphraseLength) {
    return `Your recovery passphrase has at least ${minPassphraseLength} characters.`
  }
  return undefined
}
