import type { ViewerType } from './responses';

/** what decides who sees a card: whose it is and whether it is published */
export interface CardOwnership {
  ownerId: string;
  published: boolean;
}

/** who is looking at a card: its owner, another signed-in user, or a guest */
export function viewerTypeOf(card: Pick<CardOwnership, 'ownerId'>, viewerUserId: string | null): ViewerType {
  if (viewerUserId === null) return 'guest';
  return viewerUserId === card.ownerId ? 'owner' : 'user';
}

export function isCardOwner(card: Pick<CardOwnership, 'ownerId'>, viewerUserId: string | null): boolean {
  return viewerTypeOf(card, viewerUserId) === 'owner';
}

/** a published card is anyone's to see; a draft only its owner's */
export function mayViewCard(card: CardOwnership, viewerUserId: string | null): boolean {
  return card.published || isCardOwner(card, viewerUserId);
}
