import { useSearchParams } from 'react-router-dom';
import {
  isUtcDay,
  LEAD_SORTS,
  LEAD_STATUSES,
  LeadWorkLimits,
  type LeadSort,
  type LeadStatus,
} from '@cardcraft/contracts';
import { CARD_PARAM } from '@/lib/profiles';

/**
 * what the Leads screen shows, as the address says it, so a view can be bookmarked and shared:
 * ?q&card&member&status&tag&from&to&sort&page. `card` is the card's handle, as Analytics names it.
 */
export interface LeadFilterState {
  q: string;
  card: string | null;
  member: string | null;
  status: LeadStatus | null;
  tag: string | null;
  from: string | null;
  to: string | null;
  sort: LeadSort;
  page: number;
}

/** the filters that narrow the list (the search, the sort and the page aside), in the chips' order */
export const NARROWING_FILTERS = ['card', 'member', 'status', 'tag', 'from', 'to'] as const;
export type NarrowingFilter = (typeof NARROWING_FILTERS)[number];

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return allowed.find((item) => item === value) ?? null;
}

/** the address's values, each one checked: one the API would refuse is left out, not sent */
export function readLeadFilters(params: URLSearchParams): LeadFilterState {
  const text = (name: string, max: number) => {
    const value = params.get(name)?.trim() ?? '';
    return value && value.length <= max ? value : null;
  };
  const day = (name: string) => {
    const value = params.get(name);
    return isUtcDay(value) ? value : null;
  };
  const page = Number(params.get('page'));
  return {
    q: text('q', LeadWorkLimits.searchMax) ?? '',
    card: text(CARD_PARAM, 64),
    member: text('member', 64),
    status: oneOf(params.get('status'), LEAD_STATUSES),
    tag: text('tag', LeadWorkLimits.tagMax),
    from: day('from'),
    to: day('to'),
    sort: oneOf(params.get('sort'), LEAD_SORTS) ?? 'newest',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

const PARAM_OF: Record<keyof LeadFilterState, string> = {
  q: 'q',
  card: CARD_PARAM,
  member: 'member',
  status: 'status',
  tag: 'tag',
  from: 'from',
  to: 'to',
  sort: 'sort',
  page: 'page',
};

/** the address with these values; the defaults (no filter, newest, page 1) are left out */
export function writeLeadFilters(
  current: URLSearchParams,
  change: Partial<LeadFilterState>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [field, value] of Object.entries(change) as Array<[keyof LeadFilterState, unknown]>) {
    const param = PARAM_OF[field];
    const isDefault =
      value === null ||
      value === '' ||
      (field === 'sort' && value === 'newest') ||
      (field === 'page' && value === 1);
    if (isDefault) next.delete(param);
    else next.set(param, String(value));
  }
  return next;
}

export function useLeadFilters() {
  const [params, setParams] = useSearchParams();
  const filters = readLeadFilters(params);
  /** a change of filter, search or order goes back to the first page */
  const update = (change: Partial<LeadFilterState>) =>
    setParams((current) => writeLeadFilters(current, { page: 1, ...change }), { replace: true });
  const setPage = (page: number) => setParams((current) => writeLeadFilters(current, { page }));
  const clear = () =>
    update({ q: '', card: null, member: null, status: null, tag: null, from: null, to: null });
  const narrowed = Boolean(filters.q) || NARROWING_FILTERS.some((name) => filters[name] !== null);
  return { filters, update, setPage, clear, narrowed };
}
