import { useQuery } from '@tanstack/react-query'
import { useConfig } from '../hooks/useConfig.ts'
import { identityQueryOptions } from './identityQueryOptions.ts'

/** The address's name and avatar from the API (none yet on the devnet). */
export function useIdentity(address: string | undefined) {
  return useQuery(identityQueryOptions(useConfig(), address))
}
