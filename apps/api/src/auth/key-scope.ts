import { Inject, Injectable, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiKeyMessages, TeamMessages, type ApiKeyScope } from '@cardcraft/contracts';
import type { ProfilesRepository } from '@cardcraft/storage';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, NotFoundError } from '../platform/common/errors';
import { PROFILES } from '../platform/storage/storage.tokens';
import type { ApiKeyPrincipal } from './api-key-authenticator';

/**
 * how a team key's team is found on a route: the route's `:teamId`, the team of the card `:id`, or
 * the key's own team, which the route serves itself (`CurrentKeyTeamId`: a REST hook a team key makes
 * is the team's). a route that says none of these refuses team keys.
 */
export type KeyTeamReach = 'team-param' | 'card-param' | 'key-team';

interface KeyScopeRule {
  scope: ApiKeyScope;
  team: KeyTeamReach | null;
}

const KEY_SCOPE = 'cardcraft:keyScope';

// the words CardAccess and TeamRoles answer for a card or a team out of reach
const CARD_NOT_FOUND = 'Profile not found';

/**
 * an API key with `scope` may call the route (on a controller: each of its routes, unless one says
 * otherwise). `team` lets a team key call it too, confined to its team as KeyTeamReach says. a route
 * without @KeyScope refuses every key: key management, the account, a team's people and the rest.
 */
export const KeyScope = (scope: ApiKeyScope, options: { team?: KeyTeamReach } = {}) =>
  SetMetadata(KEY_SCOPE, { scope, team: options.team ?? null } satisfies KeyScopeRule);

/**
 * what a key may do, decided here only (the guard asks it for every request made with a key): the
 * route must accept keys, the key must hold the route's scope, and a team key must stay in its team.
 * past this, the key acts as its user (a team key as the team's first owner) and the usual role
 * checks of the route apply.
 */
@Injectable()
export class KeyScopeGate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(PROFILES) private readonly profiles: ProfilesRepository,
  ) {}

  async check(key: ApiKeyPrincipal, context: ExecutionContext, request: FastifyRequest): Promise<void> {
    const rule = this.reflector.getAllAndOverride<KeyScopeRule | undefined>(KEY_SCOPE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!rule) throw new ForbiddenError(ApiKeyMessages.notHere);
    if (!key.scopes.includes(rule.scope)) throw new ForbiddenError(ApiKeyMessages.missingScope(rule.scope));
    if (key.teamId === null) return;
    const params = (request.params ?? {}) as Record<string, string | undefined>;
    switch (rule.team) {
      case 'team-param':
        // another team answers as a team the key cannot see, whatever its acting owner's seats
        if (params.teamId !== key.teamId) throw new NotFoundError(TeamMessages.teamNotFound);
        return;
      case 'card-param': {
        const card = params.id ? await this.profiles.findById(params.id) : null;
        if (!card || card.teamId !== key.teamId) throw new NotFoundError(CARD_NOT_FOUND);
        return;
      }
      case 'key-team':
        return;
      default:
        throw new ForbiddenError(ApiKeyMessages.teamKeyNotHere);
    }
  }
}
