import { cn } from '@/lib/utils';

export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-lg bg-linear-to-br from-indigo-600 to-violet-600 shadow-sm',
        className,
      )}
    >
      <svg viewBox="0 0 24 24" className="size-4.5" fill="none" stroke="white" strokeWidth="2">
        <rect x="3" y="6" width="18" height="12" rx="2.5" />
        <path d="M7 10.5h5M7 13.5h3" strokeLinecap="round" />
        <circle cx="16.5" cy="12" r="1.6" fill="white" stroke="none" />
      </svg>
    </span>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-2 font-semibold tracking-tight text-foreground', className)}
    >
      <LogoMark />
      <span className="text-lg">Cardcraft</span>
    </span>
  );
}
