import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LeadListQuery } from './get-leads';
import { scopePath, type LeadScope } from './lead-scope';

/** the leads the filters match as a CSV file (every page, in the server's order) */
export function exportLeads(scope: LeadScope, query: LeadListQuery): Promise<Blob> {
  const { page: _page, sort: _sort, ...filters } = query;
  return api.get<Blob>(scopePath(scope, '/export'), {
    query: { ...filters },
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });
}

export function useExportLeads(scope: LeadScope) {
  return useMutation({ mutationFn: (query: LeadListQuery) => exportLeads(scope, query) });
}
