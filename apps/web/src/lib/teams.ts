import { useParams } from 'react-router-dom';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  cardBrandColors,
  isTeamAdmin,
  type CardBrand,
  type CardTemplateResponse,
  type TeamBrandResponse,
  type TeamCardResponse,
  type TeamMemberResponse,
  type TeamResponse,
  type Theme,
} from '@cardcraft/contracts';
import { api } from './api-client';
import { useSession } from './session';

// a team's reads are shared by its own pages and by the leads, analytics and editor pages that show a
// team's view: they live here, as the card list does in profiles.ts. what changes a team stays with
// the teams feature.

/** every cached answer of teams starts with 'teams', so one invalidation reaches them all */
export const teamKeys = {
  all: ['teams'] as const,
  list: ['teams', 'list'] as const,
  team: (teamId: string) => ['teams', teamId] as const,
  members: (teamId: string) => ['teams', teamId, 'members'] as const,
  invitations: (teamId: string) => ['teams', teamId, 'invitations'] as const,
  templates: (teamId: string) => ['teams', teamId, 'templates'] as const,
  template: (teamId: string, templateId: string) => ['teams', teamId, 'templates', templateId] as const,
  cards: (teamId: string, memberId: string | null = null) => ['teams', teamId, 'cards', memberId] as const,
  leads: (teamId: string) => ['teams', teamId, 'leads'] as const,
  analytics: (teamId: string) => ['teams', teamId, 'analytics'] as const,
};

export const teamPath = (teamId: string, rest = '') => `/api/teams/${encodeURIComponent(teamId)}${rest}`;

export const teamsQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.list,
    queryFn: ({ signal }) => api.get<TeamResponse[]>('/api/teams', { signal }),
  });

export function useTeams() {
  const { isAuthenticated } = useSession();
  return useQuery({ ...teamsQueryOptions(), enabled: isAuthenticated });
}

export const teamQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: teamKeys.team(teamId),
    queryFn: ({ signal }) => api.get<TeamResponse>(teamPath(teamId), { signal }),
  });

export function useTeam(teamId: string | null | undefined) {
  return useQuery({ ...teamQueryOptions(teamId ?? ''), enabled: Boolean(teamId) });
}

/** the team of the page's address (/dashboard/teams/:teamId/...) and whether the caller runs it */
export function useCurrentTeam() {
  const { teamId = '' } = useParams<{ teamId: string }>();
  const team = useTeam(teamId);
  return { teamId, team, isAdmin: isTeamAdmin(team.data?.role) };
}

/** the members, for admins only: a member's pages never ask */
export function useTeamMembers(teamId: string, enabled = true) {
  return useQuery({
    queryKey: teamKeys.members(teamId),
    queryFn: ({ signal }) => api.get<TeamMemberResponse[]>(teamPath(teamId, '/members'), { signal }),
    enabled: Boolean(teamId) && enabled,
  });
}

export function useTeamTemplates(teamId: string) {
  return useQuery({
    queryKey: teamKeys.templates(teamId),
    queryFn: ({ signal }) => api.get<CardTemplateResponse[]>(teamPath(teamId, '/templates'), { signal }),
    enabled: Boolean(teamId),
  });
}

/** every card of the team for an admin, a member's own for a member; one member's with memberId */
export function useTeamCards(teamId: string, memberId: string | null = null, enabled = true) {
  return useQuery({
    queryKey: teamKeys.cards(teamId, memberId),
    queryFn: ({ signal }) =>
      api.get<TeamCardResponse[]>(teamPath(teamId, '/cards'), { query: { memberId }, signal }),
    enabled: Boolean(teamId) && enabled,
  });
}

/**
 * the brand as a card of this theme shows it, as the server builds PublicProfileResponse.brand: for
 * the editor's and the templates' previews, and the brand page's
 */
export function cardBrandOf(brand: TeamBrandResponse, theme: Theme): CardBrand {
  const colors = brand.primaryColor ? cardBrandColors(brand.primaryColor, theme, brand.secondaryColor) : null;
  return {
    companyName: brand.companyName,
    logoUrl: brand.logoUrl,
    website: brand.website,
    accentColor: colors?.accentColor ?? null,
    onAccentColor: colors?.onAccentColor ?? null,
  };
}

export const ROLE_LABELS = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;
