import { useEffect, useId, useState } from 'react';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LEAD_STATUSES, LeadWorkLimits } from '@cardcraft/contracts';
import { Segmented } from '@/components/card-tools/segmented';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { NARROWING_FILTERS, type LeadFilterState, type NarrowingFilter } from '../hooks/use-lead-filters';

/** how long the search waits after the last key before it asks the server */
export const SEARCH_DEBOUNCE_MS = 300;

// radix's select keeps '' for "nothing picked", so "any" is a value of its own
const ANY = 'any';

export interface FilterOption {
  value: string;
  label: string;
  description?: string;
}

export interface LeadsFilterBarProps {
  filters: LeadFilterState;
  update: (change: Partial<LeadFilterState>) => void;
  clear: () => void;
  narrowed: boolean;
  /** the cards to narrow to, by handle */
  cards: FilterOption[];
  /** a team admin's inbox: its members; null where there is no such filter */
  members: FilterOption[] | null;
  tags: string[];
}

function FilterSelect({
  id,
  label,
  anyLabel,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  anyLabel: string;
  value: string | null;
  options: FilterOption[];
  onChange: (value: string | null) => void;
}) {
  return (
    <div className="min-w-0 space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? ANY} onValueChange={(picked) => onChange(picked === ANY ? null : picked)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{anyLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value} description={option.description}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** the search box, the filters, the order and the active filters as chips */
export function LeadsFilterBar({
  filters,
  update,
  clear,
  narrowed,
  cards,
  members,
  tags,
}: LeadsFilterBarProps) {
  const { t } = useTranslation('leads');
  const id = useId();
  const [text, setText] = useState(filters.q);
  const [open, setOpen] = useState(false);

  // the address changed from elsewhere (a chip, Clear filters, Back): the box follows it
  const [shownQ, setShownQ] = useState(filters.q);
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    if (text.trim() !== filters.q) setText(filters.q);
  }

  useEffect(() => {
    if (text.trim() === filters.q) return;
    const timer = setTimeout(() => update({ q: text.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // update changes on every render; the text is what starts the wait
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, filters.q]);

  // what each chip shows of its filter's value: a card or member by its name, a status in words
  const shown: Record<NarrowingFilter, (value: string) => string> = {
    card: (value) => cards.find((card) => card.value === value)?.label ?? value,
    member: (value) => members?.find((member) => member.value === value)?.label ?? value,
    status: (value) => t(`statuses.${value}`),
    tag: (value) => value,
    from: (value) => value,
    to: (value) => value,
  };
  const chips = [
    ...(filters.q ? [{ name: 'q' as const, label: t('filters.chips.q', { value: filters.q }) }] : []),
    ...NARROWING_FILTERS.flatMap((name) => {
      const value = filters[name];
      return value === null
        ? []
        : [{ name, label: t(`filters.chips.${name}`, { value: shown[name](value) }) }];
    }),
  ];
  const filterCount = NARROWING_FILTERS.filter((name) => filters[name] !== null).length;

  return (
    <Card className="mb-4 space-y-4 p-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <div className="min-w-0 flex-1 space-y-1.5">
          <Label htmlFor={`${id}-q`}>{t('filters.search')}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={`${id}-q`}
              type="search"
              className="pl-9"
              placeholder={t('filters.searchPlaceholder')}
              maxLength={LeadWorkLimits.searchMax}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
        </div>
        <div className="flex items-end gap-2">
          <div className="flex-1 md:w-64">
            <Segmented
              legend={t('filters.sort')}
              name={`${id}-sort`}
              value={filters.sort}
              options={[
                { value: 'newest', label: t('filters.newest') },
                { value: 'followUp', label: t('filters.followUpFirst') },
              ]}
              onChange={(sort) => update({ sort })}
            />
          </div>
          <Button
            variant="outline"
            className="md:hidden"
            aria-expanded={open}
            aria-controls={`${id}-filters`}
            onClick={() => setOpen((was) => !was)}
          >
            <SlidersHorizontal aria-hidden="true" />
            {filterCount ? t('filters.filtersCounted', { number: filterCount }) : t('filters.filters')}
          </Button>
        </div>
      </div>

      <div
        id={`${id}-filters`}
        className={cn(
          'grid-cols-1 gap-3 sm:grid-cols-2 md:grid md:grid-cols-3 xl:grid-cols-6',
          open ? 'grid' : 'hidden',
        )}
      >
        <FilterSelect
          id={`${id}-card`}
          label={t('filters.card')}
          anyLabel={t('filters.everyCard')}
          value={filters.card}
          options={cards}
          onChange={(card) => update({ card })}
        />
        {members ? (
          <FilterSelect
            id={`${id}-member`}
            label={t('filters.member')}
            anyLabel={t('filters.everyone')}
            value={filters.member}
            options={members}
            onChange={(member) => update({ member, card: null })}
          />
        ) : null}
        <FilterSelect
          id={`${id}-status`}
          label={t('filters.status')}
          anyLabel={t('filters.anyStatus')}
          value={filters.status}
          options={LEAD_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
          onChange={(status) => update({ status: status as LeadFilterState['status'] })}
        />
        <FilterSelect
          id={`${id}-tag`}
          label={t('filters.tag')}
          anyLabel={t('filters.anyTag')}
          value={filters.tag}
          options={tags.map((tag) => ({ value: tag, label: tag }))}
          onChange={(tag) => update({ tag })}
        />
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor={`${id}-from`}>{t('filters.from')}</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filters.from ?? ''}
            max={filters.to ?? undefined}
            onChange={(event) => update({ from: event.target.value || null })}
          />
        </div>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor={`${id}-to`}>{t('filters.to')}</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filters.to ?? ''}
            min={filters.from ?? undefined}
            onChange={(event) => update({ to: event.target.value || null })}
          />
        </div>
      </div>

      {narrowed ? (
        <div className="flex flex-wrap items-center gap-2 border-t border-border pt-3">
          <ul className="flex flex-wrap gap-2" aria-label={t('filters.active')}>
            {chips.map((chip) => (
              <li key={chip.name}>
                <span className="inline-flex items-center gap-1 rounded-full border border-border bg-muted py-0.5 pr-1 pl-3 text-xs font-medium text-slate-700">
                  {chip.label}
                  <button
                    type="button"
                    className="inline-flex size-6 items-center justify-center rounded-full hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-ring"
                    aria-label={t('filters.remove', { filter: chip.label })}
                    onClick={() => update({ [chip.name]: chip.name === 'q' ? '' : null })}
                  >
                    <X className="size-3.5" aria-hidden="true" />
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <Button variant="link" size="sm" className="h-auto" onClick={clear}>
            {t('filters.clear')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
