/** `/v1/account/:address/balance` as OpenAPI writes it: `/v1/account/{address}/balance`. */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]\w*)/g, '{$1}')
}
