import type { LockableField, TemplateContent } from '@cardcraft/contracts';
import type { CardTemplateData, CardTemplateRecord, CardTemplatesRepository } from '../../ports';
import { newObjectIdHex } from './object-id';
import type { SqliteDatabase } from './sqlite-database';
import { contentParts } from './sqlite-profile.mapper';

interface TemplateRow {
  id: string;
  team_id: string;
  name: string;
  /** JSON: the card's content */
  content: string;
  /** JSON: an array of paths */
  locked_fields: string;
  created_at: number;
  updated_at: number;
}

function toTemplate(row: TemplateRow): CardTemplateRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    name: row.name,
    content: JSON.parse(row.content) as TemplateContent,
    lockedFields: JSON.parse(row.locked_fields) as LockableField[],
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function dataParams(data: CardTemplateData) {
  return {
    name: data.name,
    content: JSON.stringify(contentParts(data.content)),
    locked_fields: JSON.stringify(data.lockedFields),
  };
}

export class SqliteCardTemplateRepository implements CardTemplatesRepository {
  private readonly insert;
  private readonly byId;
  private readonly byTeam;
  private readonly replace;
  private readonly deleteWithLinks;

  constructor(db: SqliteDatabase) {
    this.insert = db.prepare<[TemplateRow], TemplateRow>(
      `INSERT INTO card_templates (id, team_id, name, content, locked_fields, created_at, updated_at)
       VALUES (@id, @team_id, @name, @content, @locked_fields, @created_at, @updated_at) RETURNING *`,
    );
    this.byId = db.prepare<[string, string], TemplateRow>(
      'SELECT * FROM card_templates WHERE id = ? AND team_id = ?',
    );
    this.byTeam = db.prepare<[string], TemplateRow>(
      'SELECT * FROM card_templates WHERE team_id = ? ORDER BY created_at, id',
    );
    this.replace = db.prepare<
      [
        {
          id: string;
          team_id: string;
          name: string;
          content: string;
          locked_fields: string;
          updated_at: number;
        },
      ],
      TemplateRow
    >(
      `UPDATE card_templates SET name = @name, content = @content, locked_fields = @locked_fields,
         updated_at = @updated_at
       WHERE id = @id AND team_id = @team_id RETURNING *`,
    );
    const remove = db.prepare<[string, string]>('DELETE FROM card_templates WHERE id = ? AND team_id = ?');
    const unlink = db.prepare<[string, string]>(
      'UPDATE profiles SET template_id = NULL WHERE team_id = ? AND template_id = ?',
    );
    // one transaction: no card is ever left naming a template that is gone
    this.deleteWithLinks = db.transaction((teamId: string, id: string): boolean => {
      if (remove.run(id, teamId).changes === 0) return false;
      unlink.run(teamId, id);
      return true;
    });
  }

  async create(teamId: string, data: CardTemplateData): Promise<CardTemplateRecord> {
    const now = Date.now();
    const row = this.insert.get({
      ...dataParams(data),
      id: newObjectIdHex(),
      team_id: teamId,
      created_at: now,
      updated_at: now,
    });
    return toTemplate(row as TemplateRow);
  }

  async findById(teamId: string, id: string): Promise<CardTemplateRecord | null> {
    const row = this.byId.get(id, teamId);
    return row ? toTemplate(row) : null;
  }

  async listByTeam(teamId: string): Promise<CardTemplateRecord[]> {
    return this.byTeam.all(teamId).map(toTemplate);
  }

  async update(teamId: string, id: string, data: CardTemplateData): Promise<CardTemplateRecord | null> {
    const row = this.replace.get({ ...dataParams(data), id, team_id: teamId, updated_at: Date.now() });
    return row ? toTemplate(row) : null;
  }

  async delete(teamId: string, id: string): Promise<boolean> {
    return this.deleteWithLinks(teamId, id);
  }
}
