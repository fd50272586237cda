import type { ComponentProps } from 'react';
import { DayPicker, type ChevronProps } from 'react-day-picker';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/utils';
import { buttonVariants } from './button';

function Chevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeft : ChevronRight;
  return <Icon className={cn('size-4', className)} aria-hidden="true" />;
}

/**
 * a month grid to pick days (react-day-picker), in the app's look. the grid is keyboard driven: the
 * arrow keys move a day or a week, Page Up and Down a month, Enter or Space picks
 */
export function Calendar({
  className,
  classNames,
  showOutsideDays = true,
  ...props
}: ComponentProps<typeof DayPicker>) {
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      className={cn('text-sm', className)}
      classNames={{
        months: 'relative flex flex-col gap-4 sm:flex-row',
        month: 'space-y-3',
        month_caption: 'flex h-9 items-center justify-center font-medium',
        caption_label: 'text-sm font-medium',
        nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
        button_previous: cn(buttonVariants({ variant: 'outline', size: 'icon-sm' }), 'z-10'),
        button_next: cn(buttonVariants({ variant: 'outline', size: 'icon-sm' }), 'z-10'),
        month_grid: 'w-full border-collapse',
        weekdays: 'flex',
        weekday: 'w-9 text-center text-xs font-normal text-slate-600',
        week: 'mt-1 flex w-full',
        day: 'relative size-9 p-0 text-center',
        day_button:
          'inline-flex size-9 items-center justify-center rounded-md tabular-nums hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:pointer-events-none',
        selected:
          '[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary-hover',
        range_start: 'rounded-l-md bg-primary/15',
        range_end: 'rounded-r-md bg-primary/15',
        range_middle:
          'bg-primary/15 [&>button]:!bg-transparent [&>button]:!text-foreground [&>button]:hover:!bg-muted',
        today: '[&>button]:font-semibold [&>button]:underline [&>button]:underline-offset-4',
        outside: 'text-slate-500',
        disabled: 'text-slate-400 [&>button]:cursor-not-allowed',
        hidden: 'invisible',
        ...classNames,
      }}
      components={{ Chevron }}
      {...props}
    />
  );
}
