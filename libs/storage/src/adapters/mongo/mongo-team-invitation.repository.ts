import type { TeamRole } from '@cardcraft/contracts';
import type { NewTeamInvitation, TeamInvitationRecord, TeamInvitationsRepository } from '../../ports';
import type { MongoModels } from './mongo-database';
import { duplicateKeyError } from './mongo-errors';
import { objectId } from './mongo-object-id';
import type { TeamInvitationDoc } from './mongo-schemas';

function toInvitation(doc: TeamInvitationDoc): TeamInvitationRecord {
  return {
    id: doc._id.toHexString(),
    teamId: doc.teamId.toHexString(),
    email: doc.email,
    role: doc.role as TeamRole,
    name: doc.name ?? null,
    title: doc.title ?? null,
    phone: doc.phone ?? null,
    templateId: doc.templateId?.toHexString() ?? null,
    tokenHash: doc.tokenHash,
    invitedBy: doc.invitedBy.toHexString(),
    createdAt: doc.createdAt,
    expiresAt: doc.expiresAt,
  };
}

export class MongoTeamInvitationRepository implements TeamInvitationsRepository {
  constructor(private readonly models: Pick<MongoModels, 'teamInvitations'>) {}

  async create(invitation: NewTeamInvitation): Promise<TeamInvitationRecord> {
    const teamId = objectId(invitation.teamId);
    const invitedBy = objectId(invitation.invitedBy);
    const templateId = invitation.templateId === null ? null : objectId(invitation.templateId);
    if (!teamId || !invitedBy || (invitation.templateId !== null && !templateId)) {
      throw new Error(`malformed id in the invitation to team ${invitation.teamId}`);
    }
    try {
      const doc = await this.models.teamInvitations.create({
        teamId,
        email: invitation.email.toLowerCase(),
        role: invitation.role,
        name: invitation.name,
        title: invitation.title,
        phone: invitation.phone,
        templateId,
        tokenHash: invitation.tokenHash,
        invitedBy,
        expiresAt: invitation.expiresAt,
      });
      return toInvitation(doc.toObject());
    } catch (error) {
      throw duplicateKeyError(error, 'email') ?? error;
    }
  }

  async findById(teamId: string, id: string): Promise<TeamInvitationRecord | null> {
    const filter = inTeam(teamId, id);
    if (!filter) return null;
    const doc = await this.models.teamInvitations.findOne(filter).lean<TeamInvitationDoc>().exec();
    return doc ? toInvitation(doc) : null;
  }

  async listByTeam(teamId: string): Promise<TeamInvitationRecord[]> {
    const team = objectId(teamId);
    if (!team) return [];
    const docs = await this.models.teamInvitations
      .find({ teamId: team })
      .sort({ createdAt: -1, _id: -1 })
      .lean<TeamInvitationDoc[]>()
      .exec();
    return docs.map(toInvitation);
  }

  async findByTokenHash(tokenHash: string): Promise<TeamInvitationRecord | null> {
    const doc = await this.models.teamInvitations.findOne({ tokenHash }).lean<TeamInvitationDoc>().exec();
    return doc ? toInvitation(doc) : null;
  }

  async renew(
    teamId: string,
    id: string,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<TeamInvitationRecord | null> {
    const filter = inTeam(teamId, id);
    if (!filter) return null;
    const doc = await this.models.teamInvitations
      .findOneAndUpdate(filter, { $set: { tokenHash, expiresAt } }, { new: true })
      .lean<TeamInvitationDoc>()
      .exec();
    return doc ? toInvitation(doc) : null;
  }

  async consume(tokenHash: string, now: Date): Promise<TeamInvitationRecord | null> {
    const { teamInvitations } = this.models;
    const doc = await teamInvitations
      .findOne({ tokenHash, expiresAt: { $gt: now } })
      .lean<TeamInvitationDoc>()
      .exec();
    if (!doc) return null;
    // the delete decides: of two callers with the same link only one removes the document. (not
    // findOneAndDelete: ferretdb v1, the test server, answers it to more than one concurrent caller.)
    // the link in the filter too: one renewed meanwhile is no longer this link's to take
    const { deletedCount } = await teamInvitations.deleteOne({ _id: doc._id, tokenHash }).exec();
    return deletedCount === 1 ? toInvitation(doc) : null;
  }

  async delete(teamId: string, id: string): Promise<boolean> {
    const filter = inTeam(teamId, id);
    if (!filter) return false;
    const result = await this.models.teamInvitations.deleteOne(filter).exec();
    return result.deletedCount > 0;
  }
}

/** null when either id is malformed, so it finds nothing */
function inTeam(teamId: string, id: string) {
  const team = objectId(teamId);
  const _id = objectId(id);
  return team && _id ? { _id, teamId: team } : null;
}
