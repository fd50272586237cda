import type { WebhookDeliveryStatus, WebhookPayloadType } from '@cardcraft/contracts';
import type {
  NewWebhookDelivery,
  PageRequest,
  PageResult,
  WebhookAttemptResult,
  WebhookDeliveriesRepository,
  WebhookDeliveryRecord,
} from '../../ports';
import { newObjectIdHex } from './object-id';
import type { SqliteDatabase } from './sqlite-database';

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_type: string;
  payload: string;
  forced: number;
  status: string;
  attempts: number;
  next_attempt_at: number;
  lease_holder: string | null;
  lease_until: number | null;
  last_attempt_at: number | null;
  response_status: number | null;
  duration_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  created_at: number;
}

function toDelivery(row: DeliveryRow): WebhookDeliveryRecord {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventType: row.event_type as WebhookPayloadType,
    payload: row.payload,
    forced: row.forced === 1,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    nextAttemptAt: new Date(row.next_attempt_at),
    lastAttemptAt: row.last_attempt_at === null ? null : new Date(row.last_attempt_at),
    responseStatus: row.response_status,
    durationMs: row.duration_ms,
    responseExcerpt: row.response_excerpt,
    error: row.error,
    createdAt: new Date(row.created_at),
  };
}

export class SqliteWebhookDeliveryRepository implements WebhookDeliveriesRepository {
  private readonly insertAll;
  private readonly one;
  private readonly page;
  private readonly count;
  private readonly newest;
  private readonly claim;
  private readonly record;
  private readonly again;
  private readonly due;
  private readonly old;

  constructor(db: SqliteDatabase) {
    const insert = db.prepare<[DeliveryRow]>(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event_type, payload, forced, status, attempts,
         next_attempt_at, lease_holder, lease_until, last_attempt_at, response_status, duration_ms,
         response_excerpt, error, created_at)
       VALUES (@id, @endpoint_id, @event_type, @payload, @forced, @status, @attempts, @next_attempt_at,
         @lease_holder, @lease_until, @last_attempt_at, @response_status, @duration_ms,
         @response_excerpt, @error, @created_at)`,
    );
    // one transaction: one write to the file whatever the number of endpoints
    this.insertAll = db.transaction((rows: DeliveryRow[]) => {
      for (const row of rows) insert.run(row);
    });
    this.one = db.prepare<[string, string], DeliveryRow>(
      'SELECT * FROM webhook_deliveries WHERE id = ? AND endpoint_id = ?',
    );
    this.page = db.prepare<[string, number, number], DeliveryRow>(
      `SELECT * FROM webhook_deliveries WHERE endpoint_id = ?
       ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    );
    this.count = db.prepare<[string], { n: number }>(
      'SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?',
    );
    this.newest = db.prepare<[string], DeliveryRow>(
      `SELECT * FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY created_at DESC, id DESC LIMIT 1`,
    );
    // one statement: sqlite's writer lock makes the pick and the lease one step, so two processes on
    // the file never take the same row
    this.claim = db.prepare<[{ now: number; holder: string; until: number; limit: number }], DeliveryRow>(
      `UPDATE webhook_deliveries SET lease_holder = @holder, lease_until = @until
       WHERE id IN (
         SELECT id FROM webhook_deliveries
         WHERE status = 'pending' AND next_attempt_at <= @now
           AND (lease_until IS NULL OR lease_until <= @now)
         ORDER BY next_attempt_at LIMIT @limit)
       RETURNING *`,
    );
    this.record = db.prepare<[Record<string, unknown>]>(
      `UPDATE webhook_deliveries SET status = @status, attempts = attempts + 1,
         next_attempt_at = @next_attempt_at, last_attempt_at = @last_attempt_at,
         response_status = @response_status, duration_ms = @duration_ms,
         response_excerpt = @response_excerpt, error = @error, lease_holder = NULL, lease_until = NULL
       WHERE id = @id AND lease_holder = @holder`,
    );
    this.again = db.prepare<[{ id: string; endpoint_id: string; now: number }], DeliveryRow>(
      `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = @now, forced = 1
       WHERE id = @id AND endpoint_id = @endpoint_id RETURNING *`,
    );
    this.due = db.prepare<[], { at: number | null }>(
      "SELECT min(next_attempt_at) AS at FROM webhook_deliveries WHERE status = 'pending'",
    );
    this.old = db.prepare<[number]>(
      "DELETE FROM webhook_deliveries WHERE created_at < ? AND status <> 'pending'",
    );
  }

  async createMany(deliveries: readonly NewWebhookDelivery[]): Promise<WebhookDeliveryRecord[]> {
    const now = Date.now();
    const rows = deliveries.map((delivery): DeliveryRow => ({
      id: newObjectIdHex(),
      endpoint_id: delivery.endpointId,
      event_type: delivery.eventType,
      payload: delivery.payload,
      forced: delivery.forced ? 1 : 0,
      status: 'pending',
      attempts: 0,
      next_attempt_at: delivery.nextAttemptAt.getTime(),
      lease_holder: null,
      lease_until: null,
      last_attempt_at: null,
      response_status: null,
      duration_ms: null,
      response_excerpt: null,
      error: null,
      created_at: now,
    }));
    if (rows.length > 0) this.insertAll(rows);
    return rows.map(toDelivery);
  }

  async find(endpointId: string, id: string): Promise<WebhookDeliveryRecord | null> {
    const row = this.one.get(id, endpointId);
    return row ? toDelivery(row) : null;
  }

  async list(endpointId: string, page: PageRequest): Promise<PageResult<WebhookDeliveryRecord>> {
    const items = this.page.all(endpointId, page.limit, page.offset).map(toDelivery);
    return { items, total: this.count.get(endpointId)?.n ?? 0 };
  }

  async latest(endpointIds: readonly string[]): Promise<Map<string, WebhookDeliveryRecord>> {
    const found = new Map<string, WebhookDeliveryRecord>();
    for (const id of endpointIds) {
      const row = this.newest.get(id);
      if (row) found.set(id, toDelivery(row));
    }
    return found;
  }

  async claimDue(
    now: Date,
    holder: string,
    leaseUntil: Date,
    limit: number,
  ): Promise<WebhookDeliveryRecord[]> {
    return this.claim.all({ now: now.getTime(), holder, until: leaseUntil.getTime(), limit }).map(toDelivery);
  }

  async recordAttempt(id: string, holder: string, result: WebhookAttemptResult): Promise<boolean> {
    const changes = this.record.run({
      id,
      holder,
      status: result.status,
      next_attempt_at: (result.nextAttemptAt ?? result.attemptedAt).getTime(),
      last_attempt_at: result.attemptedAt.getTime(),
      response_status: result.responseStatus,
      duration_ms: result.durationMs,
      response_excerpt: result.responseExcerpt,
      error: result.error,
    }).changes;
    return changes > 0;
  }

  async requeue(endpointId: string, id: string, now: Date): Promise<WebhookDeliveryRecord | null> {
    const row = this.again.get({ id, endpoint_id: endpointId, now: now.getTime() });
    return row ? toDelivery(row) : null;
  }

  async nextDue(): Promise<Date | null> {
    const at = this.due.get()?.at ?? null;
    return at === null ? null : new Date(at);
  }

  async prune(before: Date): Promise<number> {
    return this.old.run(before.getTime()).changes;
  }
}
