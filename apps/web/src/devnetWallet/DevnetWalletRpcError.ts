/** An EIP-1193 error as wallets throw it (4001 declined, 4100 not allowed, 4200 unsupported...). */
export class DevnetWalletRpcError extends Error {
  override name = 'DevnetWalletRpcError'
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}
