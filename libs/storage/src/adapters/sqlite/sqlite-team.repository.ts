import type { TeamRole } from '@cardcraft/contracts';
import type { MembershipRecord, TeamBrandRecord, TeamRecord, TeamsRepository } from '../../ports';
import { newObjectIdHex } from './object-id';
import type { SqliteDatabase } from './sqlite-database';
import { rethrowDuplicate } from './sqlite-errors';

interface TeamRow {
  id: string;
  name: string;
  /** JSON */
  brand: string;
  /** 0 or 1 */
  require_second_factor: number;
  created_at: number;
  updated_at: number;
}

/** a new team's row: the requirement takes its column's default */
type NewTeamRow = Omit<TeamRow, 'require_second_factor'>;

interface MembershipRow {
  team_id: string;
  user_id: string;
  role: string;
  joined_at: number;
}

function toTeam(row: TeamRow): TeamRecord {
  return {
    id: row.id,
    name: row.name,
    brand: JSON.parse(row.brand) as TeamBrandRecord,
    requireSecondFactor: row.require_second_factor === 1,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toMembership(row: MembershipRow): MembershipRecord {
  return {
    teamId: row.team_id,
    userId: row.user_id,
    role: row.role as TeamRole,
    joinedAt: new Date(row.joined_at),
  };
}

/** the brand's own fields only, so stray properties of a caller's object are not stored */
function brandJson(brand: TeamBrandRecord): string {
  return JSON.stringify({
    companyName: brand.companyName,
    logoUrl: brand.logoUrl,
    bannerUrl: brand.bannerUrl,
    website: brand.website,
    primaryColor: brand.primaryColor,
    secondaryColor: brand.secondaryColor,
  });
}

export class SqliteTeamRepository implements TeamsRepository {
  private readonly insertTeam;
  private readonly byId;
  private readonly patch;
  private readonly requirement;
  private readonly ofUser;
  private readonly one;
  private readonly members;
  private readonly owners;
  private readonly insertMember;
  private readonly changeRole;
  private readonly removeOne;
  private readonly createWithOwner;
  private readonly removeTeam;
  private readonly userExists;

  constructor(db: SqliteDatabase) {
    this.insertTeam = db.prepare<[NewTeamRow], TeamRow>(
      `INSERT INTO teams (id, name, brand, created_at, updated_at)
       VALUES (@id, @name, @brand, @created_at, @updated_at) RETURNING *`,
    );
    this.byId = db.prepare<[string], TeamRow>('SELECT * FROM teams WHERE id = ?');
    this.patch = db.prepare<[{ id: string; name: string; brand: string; updated_at: number }], TeamRow>(
      'UPDATE teams SET name = @name, brand = @brand, updated_at = @updated_at WHERE id = @id RETURNING *',
    );
    this.requirement = db.prepare<[number, number, string], TeamRow>(
      'UPDATE teams SET require_second_factor = ?, updated_at = ? WHERE id = ? RETURNING *',
    );
    // the team's id breaks ties between memberships of the same millisecond: ids sort by creation
    this.ofUser = db.prepare<[string], TeamRow & { role: string }>(
      `SELECT teams.*, team_members.role FROM team_members JOIN teams ON teams.id = team_members.team_id
       WHERE team_members.user_id = ? ORDER BY team_members.joined_at, team_members.team_id`,
    );
    this.one = db.prepare<[string, string], MembershipRow>(
      'SELECT * FROM team_members WHERE team_id = ? AND user_id = ?',
    );
    this.members = db.prepare<[string], MembershipRow>(
      'SELECT * FROM team_members WHERE team_id = ? ORDER BY joined_at, user_id',
    );
    this.owners = db.prepare<[string], MembershipRow>(
      "SELECT * FROM team_members WHERE team_id = ? AND role = 'owner' ORDER BY joined_at, user_id LIMIT 1",
    );
    this.insertMember = db.prepare<[MembershipRow], MembershipRow>(
      `INSERT INTO team_members (team_id, user_id, role, joined_at)
       VALUES (@team_id, @user_id, @role, @joined_at) RETURNING *`,
    );
    this.changeRole = db.prepare<[string, string, string], MembershipRow>(
      'UPDATE team_members SET role = ? WHERE team_id = ? AND user_id = ? RETURNING *',
    );
    this.removeOne = db.prepare<[string, string]>(
      'DELETE FROM team_members WHERE team_id = ? AND user_id = ?',
    );
    this.userExists = db.prepare<[string], { found: number }>('SELECT 1 AS found FROM users WHERE id = ?');
    // its members, invitations and templates go with it (ON DELETE CASCADE)
    this.removeTeam = db.prepare<[string]>('DELETE FROM teams WHERE id = ?');
    // one transaction: no reader ever sees a team without its owner
    this.createWithOwner = db.transaction((team: NewTeamRow, ownerId: string): TeamRow => {
      this.assertUser(ownerId);
      const row = this.insertTeam.get(team) as TeamRow;
      this.insertMember.run({ team_id: row.id, user_id: ownerId, role: 'owner', joined_at: row.created_at });
      return row;
    });
  }

  async create(name: string, brand: TeamBrandRecord, ownerId: string): Promise<TeamRecord> {
    const now = Date.now();
    const row = this.createWithOwner(
      { id: newObjectIdHex(), name, brand: brandJson(brand), created_at: now, updated_at: now },
      ownerId,
    );
    return toTeam(row);
  }

  async findById(id: string): Promise<TeamRecord | null> {
    const row = this.byId.get(id);
    return row ? toTeam(row) : null;
  }

  async update(id: string, patch: { name: string; brand: TeamBrandRecord }): Promise<TeamRecord | null> {
    const row = this.patch.get({
      id,
      name: patch.name,
      brand: brandJson(patch.brand),
      updated_at: Date.now(),
    });
    return row ? toTeam(row) : null;
  }

  async setSecondFactorRequired(id: string, required: boolean): Promise<TeamRecord | null> {
    const row = this.requirement.get(required ? 1 : 0, Date.now(), id);
    return row ? toTeam(row) : null;
  }

  async delete(id: string): Promise<boolean> {
    return this.removeTeam.run(id).changes > 0;
  }

  async listForUser(userId: string): Promise<Array<{ team: TeamRecord; role: TeamRole }>> {
    return this.ofUser.all(userId).map((row) => ({ team: toTeam(row), role: row.role as TeamRole }));
  }

  async membership(teamId: string, userId: string): Promise<MembershipRecord | null> {
    const row = this.one.get(teamId, userId);
    return row ? toMembership(row) : null;
  }

  async listMembers(teamId: string): Promise<MembershipRecord[]> {
    return this.members.all(teamId).map(toMembership);
  }

  async firstOwner(teamId: string): Promise<MembershipRecord | null> {
    const row = this.owners.get(teamId);
    return row ? toMembership(row) : null;
  }

  async addMember(teamId: string, userId: string, role: TeamRole): Promise<MembershipRecord> {
    this.assertUser(userId);
    try {
      const row = this.insertMember.get({ team_id: teamId, user_id: userId, role, joined_at: Date.now() });
      return toMembership(row as MembershipRow);
    } catch (error) {
      rethrowDuplicate(error);
    }
  }

  async setRole(teamId: string, userId: string, role: TeamRole): Promise<MembershipRecord | null> {
    const row = this.changeRole.get(role, teamId, userId);
    return row ? toMembership(row) : null;
  }

  async removeMember(teamId: string, userId: string): Promise<boolean> {
    return this.removeOne.run(teamId, userId).changes > 0;
  }

  /**
   * a membership of a user that does not exist is refused here, as the mongo adapter refuses it,
   * before the insert: the foreign key alone let one through in a full run of the suite (never in a
   * run of the storage suites alone), so the refusal does not hang on it
   */
  private assertUser(userId: string): void {
    if (!this.userExists.get(userId)) throw new Error(`no user ${userId}`);
  }
}
