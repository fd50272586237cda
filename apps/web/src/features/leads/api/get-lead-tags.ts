import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { scopeKey, scopePath, type LeadScope } from './lead-scope';

/** the tags in use on the scope's leads, by name: the tag filter's choices and the editor's suggestions */
export function useLeadTags(scope: LeadScope) {
  return useQuery({
    queryKey: [...scopeKey(scope), 'tags'],
    queryFn: ({ signal }) => api.get<string[]>(scopePath(scope, '/tags'), { signal }),
  });
}
