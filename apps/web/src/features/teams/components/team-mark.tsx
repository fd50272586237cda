import { contrastRatio, type TeamResponse } from '@cardcraft/contracts';
import { cn, initialsOf } from '@/lib/utils';

/** white or black, whichever reads better on the colour */
function textOn(color: string): string {
  return contrastRatio(color, '#ffffff') >= contrastRatio(color, '#000000') ? '#ffffff' : '#000000';
}

/** the team's logo on white, or its initials on its colour (the app's own without one) */
export function TeamMark({
  team,
  className,
}: {
  team: Pick<TeamResponse, 'name' | 'brand'>;
  className?: string;
}) {
  const { logoUrl, primaryColor } = team.brand;
  if (logoUrl) {
    return (
      <span
        className={cn(
          'inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-white p-1 ring-1 ring-border',
          className,
        )}
      >
        <img src={logoUrl} alt="" className="size-full object-contain" />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-sm font-semibold text-white',
        className,
      )}
      // the brand's colour is the team's own choice: it can only be a value, not a class
      style={primaryColor ? { backgroundColor: primaryColor, color: textOn(primaryColor) } : undefined}
    >
      {initialsOf(team.name)}
    </span>
  );
}
