import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { PERIODS, type PeriodDays } from '../utils/analytics-format';

/** the labelled period of an analytics page: the last 7, 30 or 90 days */
export function PeriodSelect({
  id,
  value,
  onValueChange,
}: {
  id: string;
  value: PeriodDays;
  onValueChange: (days: PeriodDays) => void;
}) {
  return (
    <div className="space-y-1.5 sm:w-48">
      <Label htmlFor={id}>Period</Label>
      <Select value={String(value)} onValueChange={(v) => onValueChange(Number(v) as PeriodDays)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {PERIODS.map((p) => (
            <SelectItem key={p.days} value={String(p.days)}>
              {p.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
