import { Injectable } from '@nestjs/common';
import type { LeadRecord, ProfileRecord } from '@cardcraft/storage';
import type { RequestMeta } from '../common/request-meta';

/** what happened in the core that other modules (cache, analytics) react to */
export interface DomainEventMap {
  'profile.saved': {
    profile: ProfileRecord;
    previousHandle: string | null;
    /** the card's images before this save (avatar, banner, preview image); empty for a new card */
    previousImages?: string[];
  };
  'profile.deleted': { profileId: string; handle: string; ownerId: string; images?: string[] };
  /** the account's cards are deleted already; what else it owns goes now */
  'account.deleted': { userId: string };
  'lead.created': {
    lead: LeadRecord;
    profile: ProfileRecord;
    viewerUserId: string | null;
    request: RequestMeta;
  };
  /** an owner changed a lead: one event per lead changed, `changes` naming the fields (status, tags, note) */
  'lead.updated': { lead: LeadRecord; profile: ProfileRecord; changes: readonly string[] };
  /** a visitor (not the card's holder, not a bot) took the card's contact file */
  'contact.saved': { profile: ProfileRecord; viewerUserId: string | null; at: Date };
  /** a card went from unpublished to published, or was created published */
  'card.published': { profile: ProfileRecord };
  /** the team is deleted, its cards before it; what else it owns goes now */
  'team.deleted': { teamId: string };
}

export type DomainEventName = keyof DomainEventMap;
type Listener<K extends DomainEventName> = (payload: DomainEventMap[K]) => void | Promise<void>;

/**
 * a small typed in-process event bus. listeners are awaited, so a failing listener (say, deleting a
 * profile's analytics) fails the request instead of being lost.
 */
@Injectable()
export class DomainEvents {
  private readonly listeners: { [K in DomainEventName]?: Listener<K>[] } = {};

  on<K extends DomainEventName>(name: K, listener: Listener<K>): void {
    const list = (this.listeners[name] ??= []) as Listener<K>[];
    list.push(listener);
  }

  async publish<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<void> {
    for (const listener of (this.listeners[name] ?? []) as Listener<K>[]) await listener(payload);
  }
}
