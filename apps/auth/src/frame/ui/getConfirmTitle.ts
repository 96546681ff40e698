export type ConfirmKind = 'message' | 'typedData' | 'transaction'

/** The confirmation dialog's heading for each kind of request. */
export function getConfirmTitle(kind: ConfirmKind): string {
  switch (kind) {
    case 'message':
      return 'Sign this message?'
    case 'typedData':
      return 'Sign this data?'
    case 'transaction':
      return 'Send this transaction?'
  }
}
