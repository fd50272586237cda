import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { LinkOwner } from '@cardcraft/analytics';
import type { ProfilesRepository } from '@cardcraft/storage';
import { linkOwnersOf } from '../analytics/analytics.service';
import { DomainEvents } from '../platform/events/domain-events';
import { PROFILES } from '../platform/storage/storage.tokens';

/** what a team's analytics need of one of its cards */
export interface TeamCardSnapshot {
  id: string;
  handle: string;
  displayName: string;
  ownerId: string;
  published: boolean;
  linkOwners: LinkOwner[];
}

/** how long a team's cards are read from here: another replica's change shows within this time */
const KEPT_MS = 5_000;
const MAX_TEAMS = 1_000;

/**
 * a team's cards as its analytics read them, kept a few seconds. a dashboard of a thousand cards asks
 * again and again, and reading the cards whole from the store (15 to 25 ms at 1,000 cards on SQLite)
 * cost more than the figures themselves. a change to one of the team's cards in this process drops
 * the team's at once.
 */
@Injectable()
export class TeamCardSnapshots implements OnModuleInit {
  private readonly kept = new Map<string, { until: number; cards: Promise<TeamCardSnapshot[]> }>();

  constructor(
    @Inject(PROFILES) private readonly profiles: ProfilesRepository,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    this.events.on('profile.saved', ({ profile }) => {
      if (profile.teamId) this.kept.delete(profile.teamId);
    });
    // a deleted card's team is not in the event: every team is read again, deletions are rare
    this.events.on('profile.deleted', () => this.kept.clear());
  }

  of(teamId: string): Promise<TeamCardSnapshot[]> {
    const now = Date.now();
    const hit = this.kept.get(teamId);
    if (hit && hit.until > now) return hit.cards;
    const cards = this.profiles.listByTeam(teamId).then((records) =>
      records.map((card) => ({
        id: card.id,
        handle: card.handle,
        displayName: card.displayName,
        ownerId: card.ownerId,
        published: card.published,
        linkOwners: linkOwnersOf(card),
      })),
    );
    // a failed read is not kept
    cards.catch(() => this.kept.delete(teamId));
    this.kept.delete(teamId);
    this.kept.set(teamId, { until: now + KEPT_MS, cards });
    if (this.kept.size > MAX_TEAMS) this.kept.delete(this.kept.keys().next().value as string);
    return cards;
  }
}
