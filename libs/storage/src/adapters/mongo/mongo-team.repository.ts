import type { TeamRole } from '@cardcraft/contracts';
import type { Types } from 'mongoose';
import type { MembershipRecord, TeamBrandRecord, TeamRecord, TeamsRepository } from '../../ports';
import type { MongoModels } from './mongo-database';
import { duplicateKeyError } from './mongo-errors';
import { objectId } from './mongo-object-id';
import type { TeamDoc, TeamMemberDoc } from './mongo-schemas';

function toTeam(doc: TeamDoc): TeamRecord {
  const brand: Partial<TeamBrandRecord> = doc.brand ?? {};
  return {
    id: doc._id.toHexString(),
    name: doc.name,
    brand: {
      companyName: brand.companyName ?? null,
      logoUrl: brand.logoUrl ?? null,
      bannerUrl: brand.bannerUrl ?? null,
      website: brand.website ?? null,
      primaryColor: brand.primaryColor ?? null,
      secondaryColor: brand.secondaryColor ?? null,
    },
    requireSecondFactor: doc.requireSecondFactor === true,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

function toMembership(doc: TeamMemberDoc): MembershipRecord {
  return {
    teamId: doc.teamId.toHexString(),
    userId: doc.userId.toHexString(),
    role: doc.role as TeamRole,
    joinedAt: doc.joinedAt,
  };
}

export class MongoTeamRepository implements TeamsRepository {
  /** reads users to refuse a membership of a user that is gone; a team's keys go with it */
  constructor(
    private readonly models: Pick<
      MongoModels,
      'teams' | 'teamMembers' | 'teamInvitations' | 'cardTemplates' | 'users' | 'apiKeys'
    >,
  ) {}

  async create(name: string, brand: TeamBrandRecord, ownerId: string): Promise<TeamRecord> {
    const owner = objectId(ownerId);
    if (!owner) throw new Error(`malformed owner id: ${ownerId}`);
    const { teams } = this.models;
    const team = await teams.create({ name, brand });
    // two writes, no transaction (ferretdb v1, the test server, has none): a team is only reached
    // through a membership (listForUser, membership), so one a crash leaves without its owner is
    // invisible to everyone and can be swept as a team without members
    try {
      await this.insertMember(team._id, owner, 'owner', team.createdAt);
    } catch (error) {
      await teams.deleteOne({ _id: team._id }).exec();
      throw error;
    }
    return toTeam(team.toObject());
  }

  async findById(id: string): Promise<TeamRecord | null> {
    const _id = objectId(id);
    if (!_id) return null;
    const doc = await this.models.teams.findById(_id).lean<TeamDoc>().exec();
    return doc ? toTeam(doc) : null;
  }

  async update(id: string, patch: { name: string; brand: TeamBrandRecord }): Promise<TeamRecord | null> {
    const _id = objectId(id);
    if (!_id) return null;
    const doc = await this.models.teams
      .findOneAndUpdate({ _id }, { $set: { name: patch.name, brand: patch.brand } }, { new: true })
      .lean<TeamDoc>()
      .exec();
    return doc ? toTeam(doc) : null;
  }

  async setSecondFactorRequired(id: string, required: boolean): Promise<TeamRecord | null> {
    const _id = objectId(id);
    if (!_id) return null;
    const doc = await this.models.teams
      .findOneAndUpdate({ _id }, { $set: { requireSecondFactor: required } }, { new: true })
      .lean<TeamDoc>()
      .exec();
    return doc ? toTeam(doc) : null;
  }

  /** the members first: a team without them is out of everyone's reach while the rest goes */
  async delete(id: string): Promise<boolean> {
    const teamId = objectId(id);
    if (!teamId) return false;
    await this.models.teamMembers.deleteMany({ teamId }).exec();
    await this.models.teamInvitations.deleteMany({ teamId }).exec();
    await this.models.cardTemplates.deleteMany({ teamId }).exec();
    await this.models.apiKeys.deleteMany({ teamId }).exec();
    const result = await this.models.teams.deleteOne({ _id: teamId }).exec();
    return result.deletedCount > 0;
  }

  async listForUser(userId: string): Promise<Array<{ team: TeamRecord; role: TeamRole }>> {
    const user = objectId(userId);
    if (!user) return [];
    const { teams, teamMembers } = this.models;
    // the team's id breaks ties between memberships of the same millisecond, as in sqlite
    const memberships = await teamMembers
      .find({ userId: user })
      .sort({ joinedAt: 1, teamId: 1 })
      .lean<TeamMemberDoc[]>()
      .exec();
    if (memberships.length === 0) return [];
    const docs = await teams
      .find({ _id: { $in: memberships.map((membership) => membership.teamId) } })
      .lean<TeamDoc[]>()
      .exec();
    const byId = new Map(docs.map((doc) => [doc._id.toHexString(), doc]));
    return memberships.flatMap((membership) => {
      const team = byId.get(membership.teamId.toHexString());
      return team ? [{ team: toTeam(team), role: membership.role as TeamRole }] : [];
    });
  }

  async membership(teamId: string, userId: string): Promise<MembershipRecord | null> {
    const filter = memberFilter(teamId, userId);
    if (!filter) return null;
    const doc = await this.models.teamMembers.findOne(filter).lean<TeamMemberDoc>().exec();
    return doc ? toMembership(doc) : null;
  }

  async listMembers(teamId: string): Promise<MembershipRecord[]> {
    const team = objectId(teamId);
    if (!team) return [];
    const docs = await this.models.teamMembers
      .find({ teamId: team })
      .sort({ joinedAt: 1, userId: 1 })
      .lean<TeamMemberDoc[]>()
      .exec();
    return docs.map(toMembership);
  }

  async firstOwner(teamId: string): Promise<MembershipRecord | null> {
    const team = objectId(teamId);
    if (!team) return null;
    const doc = await this.models.teamMembers
      .findOne({ teamId: team, role: 'owner' })
      .sort({ joinedAt: 1, userId: 1 })
      .lean<TeamMemberDoc>()
      .exec();
    return doc ? toMembership(doc) : null;
  }

  async addMember(teamId: string, userId: string, role: TeamRole): Promise<MembershipRecord> {
    const filter = memberFilter(teamId, userId);
    if (!filter) throw new Error(`malformed team or user id: ${teamId}, ${userId}`);
    return this.insertMember(filter.teamId, filter.userId, role, new Date());
  }

  async setRole(teamId: string, userId: string, role: TeamRole): Promise<MembershipRecord | null> {
    const filter = memberFilter(teamId, userId);
    if (!filter) return null;
    const doc = await this.models.teamMembers
      .findOneAndUpdate(filter, { $set: { role } }, { new: true })
      .lean<TeamMemberDoc>()
      .exec();
    return doc ? toMembership(doc) : null;
  }

  async removeMember(teamId: string, userId: string): Promise<boolean> {
    const filter = memberFilter(teamId, userId);
    if (!filter) return false;
    const result = await this.models.teamMembers.deleteOne(filter).exec();
    return result.deletedCount > 0;
  }

  private async insertMember(
    teamId: Types.ObjectId,
    userId: Types.ObjectId,
    role: TeamRole,
    joinedAt: Date,
  ): Promise<MembershipRecord> {
    const { teamMembers, users } = this.models;
    let doc;
    try {
      doc = await teamMembers.create({ teamId, userId, role, joinedAt });
    } catch (error) {
      throw duplicateKeyError(error, 'member') ?? error;
    }
    // checked after the insert, as sessions are: a user deleted meanwhile either swept this
    // membership already or is found missing here, so no membership outlives its user
    if (!(await users.exists({ _id: userId }).exec())) {
      await teamMembers.deleteOne({ _id: doc._id }).exec();
      throw new Error(`no such user: ${userId.toHexString()}`);
    }
    return toMembership(doc.toObject());
  }
}

/** null when either id is malformed, so it finds nothing */
function memberFilter(teamId: string, userId: string) {
  const team = objectId(teamId);
  const user = objectId(userId);
  return team && user ? { teamId: team, userId: user } : null;
}
