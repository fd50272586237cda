import { Inject, Injectable } from '@nestjs/common';
import { cardBrandColors, type CardBrand } from '@cardcraft/contracts';
import type { ProfileRecord, TeamBrandRecord, TeamsRepository } from '@cardcraft/storage';
import { TEAMS } from '../platform/storage/storage.tokens';

/** teams whose brand is kept for their cards' pages; the least recently loaded go first */
const MAX_TEAMS = 10_000;

/**
 * the brand a team card shows, read as the card is loaded into the public cache (so a page render
 * reads no store): a team's change of brand drops its cards from that cache, and their next load
 * reads the new brand here
 */
@Injectable()
export class CardBrands {
  private readonly byTeam = new Map<string, TeamBrandRecord>();

  constructor(@Inject(TEAMS) private readonly teams: TeamsRepository) {}

  async load(profile: ProfileRecord | null): Promise<void> {
    if (!profile?.teamId) return;
    const team = await this.teams.findById(profile.teamId);
    this.byTeam.delete(profile.teamId);
    if (!team) return;
    this.byTeam.set(profile.teamId, team.brand);
    if (this.byTeam.size > MAX_TEAMS) this.byTeam.delete(this.byTeam.keys().next().value as string);
  }

  /** the card's brand: colours made AA-readable on its theme; null for a personal card */
  of(profile: ProfileRecord): CardBrand | null {
    const brand = profile.teamId ? this.byTeam.get(profile.teamId) : undefined;
    if (!brand) return null;
    const colors = brand.primaryColor
      ? cardBrandColors(brand.primaryColor, profile.theme, brand.secondaryColor ?? undefined)
      : { accentColor: null, onAccentColor: null };
    return { companyName: brand.companyName, logoUrl: brand.logoUrl, website: brand.website, ...colors };
  }
}
