/** The shortest recovery passphrase accepted (in characters, after NFKC normalisation). */
export const minPassphraseLength = 8
/** A bound on what the key derivation is asked to hash. */
export const maxPassphraseLength = 1024
