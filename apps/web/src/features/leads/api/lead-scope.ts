import type { Query, QueryClient } from '@tanstack/react-query';
import { teamKeys, teamPath } from '@/lib/teams';

/** whose leads a screen works on: every card the account holds, or a team's inbox */
export type LeadScope = { kind: 'account' } | { kind: 'team'; teamId: string };

export const ACCOUNT_SCOPE: LeadScope = { kind: 'account' };

/** the scope's routes: /api/leads..., /api/teams/:teamId/leads... */
export function scopePath(scope: LeadScope, rest = ''): string {
  return scope.kind === 'account' ? `/api/leads${rest}` : teamPath(scope.teamId, `/leads${rest}`);
}

/** every cached answer about the scope's leads starts with this key */
export function scopeKey(scope: LeadScope): readonly unknown[] {
  return scope.kind === 'account' ? ['leads', 'account'] : teamKeys.leads(scope.teamId);
}

/** an answer about leads, of any scope: a change to a lead shows in the account's list and a team's inbox */
export function isLeadsQuery(query: Pick<Query, 'queryKey'>): boolean {
  const key = query.queryKey;
  return key[0] === 'leads' || (key[0] === 'teams' && key[2] === 'leads');
}

export function invalidateLeads(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: isLeadsQuery });
}
