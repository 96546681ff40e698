import { useQuery } from '@tanstack/react-query'
import { useConfig } from '../hooks/useConfig.ts'
import { type NftsQueryParameters, nftsQueryOptions } from './nftsQueryOptions.ts'

/** The NFTs the account owns on its chain. */
export function useAccountNfts(parameters: NftsQueryParameters) {
  return useQuery(nftsQueryOptions(useConfig(), parameters))
}
