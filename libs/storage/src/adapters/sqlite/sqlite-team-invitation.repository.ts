import type { TeamRole } from '@cardcraft/contracts';
import type { NewTeamInvitation, TeamInvitationRecord, TeamInvitationsRepository } from '../../ports';
import { newObjectIdHex } from './object-id';
import type { SqliteDatabase } from './sqlite-database';
import { rethrowDuplicate } from './sqlite-errors';

interface InvitationRow {
  id: string;
  team_id: string;
  email: string;
  role: string;
  name: string | null;
  title: string | null;
  phone: string | null;
  template_id: string | null;
  token_hash: string;
  invited_by: string;
  created_at: number;
  expires_at: number;
}

function toInvitation(row: InvitationRow): TeamInvitationRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    email: row.email,
    role: row.role as TeamRole,
    name: row.name,
    title: row.title,
    phone: row.phone,
    templateId: row.template_id,
    tokenHash: row.token_hash,
    invitedBy: row.invited_by,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  };
}

export class SqliteTeamInvitationRepository implements TeamInvitationsRepository {
  private readonly insert;
  private readonly byId;
  private readonly byTeam;
  private readonly byToken;
  private readonly resend;
  private readonly take;
  private readonly remove;

  constructor(db: SqliteDatabase) {
    this.insert = db.prepare<[InvitationRow], InvitationRow>(
      `INSERT INTO team_invitations (id, team_id, email, role, name, title, phone, template_id, token_hash,
         invited_by, created_at, expires_at)
       VALUES (@id, @team_id, @email, @role, @name, @title, @phone, @template_id, @token_hash,
         @invited_by, @created_at, @expires_at)
       RETURNING *`,
    );
    this.byId = db.prepare<[string, string], InvitationRow>(
      'SELECT * FROM team_invitations WHERE id = ? AND team_id = ?',
    );
    this.byTeam = db.prepare<[string], InvitationRow>(
      'SELECT * FROM team_invitations WHERE team_id = ? ORDER BY created_at DESC, id DESC',
    );
    this.byToken = db.prepare<[string], InvitationRow>('SELECT * FROM team_invitations WHERE token_hash = ?');
    this.resend = db.prepare<[string, number, string, string], InvitationRow>(
      'UPDATE team_invitations SET token_hash = ?, expires_at = ? WHERE id = ? AND team_id = ? RETURNING *',
    );
    // one statement finds and removes: two callers with one link cannot both get it
    this.take = db.prepare<[string, number], InvitationRow>(
      'DELETE FROM team_invitations WHERE token_hash = ? AND expires_at > ? RETURNING *',
    );
    this.remove = db.prepare<[string, string]>('DELETE FROM team_invitations WHERE id = ? AND team_id = ?');
  }

  async create(invitation: NewTeamInvitation): Promise<TeamInvitationRecord> {
    try {
      const row = this.insert.get({
        id: newObjectIdHex(),
        team_id: invitation.teamId,
        email: invitation.email.toLowerCase(),
        role: invitation.role,
        name: invitation.name,
        title: invitation.title,
        phone: invitation.phone,
        template_id: invitation.templateId,
        token_hash: invitation.tokenHash,
        invited_by: invitation.invitedBy,
        created_at: Date.now(),
        expires_at: invitation.expiresAt.getTime(),
      });
      return toInvitation(row as InvitationRow);
    } catch (error) {
      rethrowDuplicate(error);
    }
  }

  async findById(teamId: string, id: string): Promise<TeamInvitationRecord | null> {
    const row = this.byId.get(id, teamId);
    return row ? toInvitation(row) : null;
  }

  async listByTeam(teamId: string): Promise<TeamInvitationRecord[]> {
    return this.byTeam.all(teamId).map(toInvitation);
  }

  async findByTokenHash(tokenHash: string): Promise<TeamInvitationRecord | null> {
    const row = this.byToken.get(tokenHash);
    return row ? toInvitation(row) : null;
  }

  async renew(
    teamId: string,
    id: string,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<TeamInvitationRecord | null> {
    const row = this.resend.get(tokenHash, expiresAt.getTime(), id, teamId);
    return row ? toInvitation(row) : null;
  }

  async consume(tokenHash: string, now: Date): Promise<TeamInvitationRecord | null> {
    const row = this.take.get(tokenHash, now.getTime());
    return row ? toInvitation(row) : null;
  }

  async delete(teamId: string, id: string): Promise<boolean> {
    return this.remove.run(id, teamId).changes > 0;
  }
}
