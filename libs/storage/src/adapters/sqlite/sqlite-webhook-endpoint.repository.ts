import type { WebhookEvent } from '@cardcraft/contracts';
import type {
  NewWebhookEndpoint,
  WebhookEndpointData,
  WebhookEndpointRecord,
  WebhookEndpointsRepository,
  WebhookScope,
} from '../../ports';
import { newObjectIdHex } from './object-id';
import type { SqliteDatabase } from './sqlite-database';

interface EndpointRow {
  id: string;
  user_id: string | null;
  team_id: string | null;
  url: string;
  description: string | null;
  /** JSON: the events */
  events: string;
  /** JSON: the card ids, or null for every card */
  card_ids: string | null;
  enabled: number;
  disabled_reason: string | null;
  secret: string;
  previous_secret: string | null;
  previous_expires_at: number | null;
  created_by: string;
  created_via: string;
  failed_deliveries: number;
  failing_since: number | null;
  created_at: number;
  updated_at: number;
}

const dateOrNull = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

function toEndpoint(row: EndpointRow): WebhookEndpointRecord {
  return {
    id: row.id,
    scope: row.team_id ? { kind: 'team', teamId: row.team_id } : { kind: 'user', userId: row.user_id! },
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEvent[],
    cardIds: row.card_ids === null ? null : (JSON.parse(row.card_ids) as string[]),
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    secret: row.secret,
    previousSecret: row.previous_secret,
    previousSecretExpiresAt: dateOrNull(row.previous_expires_at),
    createdBy: row.created_by,
    createdVia: row.created_via === 'api' ? 'api' : 'dashboard',
    failedDeliveries: row.failed_deliveries,
    failingSince: dateOrNull(row.failing_since),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** the scope as the two columns: one of them set, the other null */
function scopeColumns(scope: WebhookScope): { user_id: string | null; team_id: string | null } {
  return scope.kind === 'team'
    ? { user_id: null, team_id: scope.teamId }
    : { user_id: scope.userId, team_id: null };
}

const IN_SCOPE = '(user_id = @user_id OR team_id = @team_id)';

export class SqliteWebhookEndpointRepository implements WebhookEndpointsRepository {
  private readonly db: SqliteDatabase;
  private readonly insert;
  private readonly inScope;
  private readonly byId;
  private readonly ofScope;
  private readonly countOfScope;
  private readonly remove;
  private readonly removeAll;
  private readonly outcome;
  private readonly turnOff;
  private readonly rotate;

  constructor(db: SqliteDatabase) {
    this.db = db;
    this.insert = db.prepare<[EndpointRow], EndpointRow>(
      `INSERT INTO webhook_endpoints (id, user_id, team_id, url, description, events, card_ids, enabled,
         disabled_reason, secret, previous_secret, previous_expires_at, created_by, created_via,
         failed_deliveries, failing_since, created_at, updated_at)
       VALUES (@id, @user_id, @team_id, @url, @description, @events, @card_ids, @enabled,
         @disabled_reason, @secret, @previous_secret, @previous_expires_at, @created_by, @created_via,
         @failed_deliveries, @failing_since, @created_at, @updated_at) RETURNING *`,
    );
    this.inScope = db.prepare<[{ id: string; user_id: string | null; team_id: string | null }], EndpointRow>(
      `SELECT * FROM webhook_endpoints WHERE id = @id AND ${IN_SCOPE}`,
    );
    this.byId = db.prepare<[string], EndpointRow>('SELECT * FROM webhook_endpoints WHERE id = ?');
    this.ofScope = db.prepare<[{ user_id: string | null; team_id: string | null }], EndpointRow>(
      `SELECT * FROM webhook_endpoints WHERE ${IN_SCOPE} ORDER BY created_at, id`,
    );
    this.countOfScope = db.prepare<[{ user_id: string | null; team_id: string | null }], { n: number }>(
      `SELECT count(*) AS n FROM webhook_endpoints WHERE ${IN_SCOPE}`,
    );
    this.remove = db.prepare<[{ id: string; user_id: string | null; team_id: string | null }]>(
      `DELETE FROM webhook_endpoints WHERE id = @id AND ${IN_SCOPE}`,
    );
    this.removeAll = db.prepare<[{ user_id: string | null; team_id: string | null }]>(
      `DELETE FROM webhook_endpoints WHERE ${IN_SCOPE}`,
    );
    this.outcome = db.prepare<[{ id: string; ok: number; gave_up: number; at: number }], EndpointRow>(
      `UPDATE webhook_endpoints SET
         failed_deliveries = CASE WHEN @ok = 1 THEN 0 ELSE failed_deliveries + @gave_up END,
         failing_since = CASE WHEN @ok = 1 THEN NULL ELSE coalesce(failing_since, @at) END
       WHERE id = @id RETURNING *`,
    );
    this.turnOff = db.prepare<[{ id: string; reason: string; now: number }]>(
      `UPDATE webhook_endpoints SET enabled = 0, disabled_reason = @reason, updated_at = @now
       WHERE id = @id AND enabled = 1`,
    );
    this.rotate = db.prepare<
      [
        {
          id: string;
          user_id: string | null;
          team_id: string | null;
          secret: string;
          expires: number;
          now: number;
        },
      ],
      EndpointRow
    >(
      `UPDATE webhook_endpoints SET previous_secret = secret, previous_expires_at = @expires,
         secret = @secret, updated_at = @now
       WHERE id = @id AND ${IN_SCOPE} RETURNING *`,
    );
  }

  async create(endpoint: NewWebhookEndpoint): Promise<WebhookEndpointRecord> {
    const now = Date.now();
    const row = this.insert.get({
      id: newObjectIdHex(),
      ...scopeColumns(endpoint.scope),
      url: endpoint.url,
      description: endpoint.description,
      events: JSON.stringify(endpoint.events),
      card_ids: endpoint.cardIds === null ? null : JSON.stringify(endpoint.cardIds),
      enabled: endpoint.enabled ? 1 : 0,
      disabled_reason: null,
      secret: endpoint.secret,
      previous_secret: null,
      previous_expires_at: null,
      created_by: endpoint.createdBy,
      created_via: endpoint.createdVia,
      failed_deliveries: 0,
      failing_since: null,
      created_at: now,
      updated_at: now,
    });
    return toEndpoint(row!);
  }

  async find(scope: WebhookScope, id: string): Promise<WebhookEndpointRecord | null> {
    const row = this.inScope.get({ id, ...scopeColumns(scope) });
    return row ? toEndpoint(row) : null;
  }

  async findById(id: string): Promise<WebhookEndpointRecord | null> {
    const row = this.byId.get(id);
    return row ? toEndpoint(row) : null;
  }

  async list(scope: WebhookScope): Promise<WebhookEndpointRecord[]> {
    return this.ofScope.all(scopeColumns(scope)).map(toEndpoint);
  }

  async count(scope: WebhookScope): Promise<number> {
    return this.countOfScope.get(scopeColumns(scope))?.n ?? 0;
  }

  async update(
    scope: WebhookScope,
    id: string,
    patch: Partial<WebhookEndpointData>,
  ): Promise<WebhookEndpointRecord | null> {
    const sets: string[] = ['updated_at = @now'];
    const params: Record<string, unknown> = { id, ...scopeColumns(scope), now: Date.now() };
    const columns = {
      url: patch.url,
      description: patch.description,
      events: patch.events === undefined ? undefined : JSON.stringify(patch.events),
      card_ids: patch.cardIds === undefined ? undefined : patch.cardIds && JSON.stringify(patch.cardIds),
    };
    for (const [column, value] of Object.entries(columns)) {
      if (value === undefined) continue;
      sets.push(`${column} = @${column}`);
      params[column] = value;
    }
    if (patch.enabled !== undefined) {
      sets.push('enabled = @enabled');
      params.enabled = patch.enabled ? 1 : 0;
      // turned on: a fresh start, so the failures before do not turn it off again at once
      if (patch.enabled) sets.push('disabled_reason = NULL', 'failed_deliveries = 0', 'failing_since = NULL');
    }
    const row = this.db
      .prepare<[Record<string, unknown>], EndpointRow>(
        `UPDATE webhook_endpoints SET ${sets.join(', ')} WHERE id = @id AND ${IN_SCOPE} RETURNING *`,
      )
      .get(params);
    return row ? toEndpoint(row) : null;
  }

  async rotateSecret(
    scope: WebhookScope,
    id: string,
    secret: string,
    previousExpiresAt: Date,
  ): Promise<WebhookEndpointRecord | null> {
    const row = this.rotate.get({
      id,
      ...scopeColumns(scope),
      secret,
      expires: previousExpiresAt.getTime(),
      now: Date.now(),
    });
    return row ? toEndpoint(row) : null;
  }

  async delete(scope: WebhookScope, id: string): Promise<boolean> {
    return this.remove.run({ id, ...scopeColumns(scope) }).changes > 0;
  }

  async deleteAll(scope: WebhookScope): Promise<void> {
    this.removeAll.run(scopeColumns(scope));
  }

  async recordOutcome(
    id: string,
    outcome: { ok: boolean; gaveUp: boolean; at: Date },
  ): Promise<WebhookEndpointRecord | null> {
    const row = this.outcome.get({
      id,
      ok: outcome.ok ? 1 : 0,
      gave_up: outcome.gaveUp ? 1 : 0,
      at: outcome.at.getTime(),
    });
    return row ? toEndpoint(row) : null;
  }

  async disable(id: string, reason: string): Promise<boolean> {
    return this.turnOff.run({ id, reason, now: Date.now() }).changes > 0;
  }
}
