import { Schema, type Types } from 'mongoose';

// read-only links to a card's analytics; the collection and its indexes are made by migration 9
// (mongo-migrations.ts)

export interface AnalyticsShareDoc {
  _id: Types.ObjectId;
  profileId: Types.ObjectId;
  ownerId: Types.ObjectId;
  label: string | null;
  token: string;
  tokenHash: string;
  passwordHash: string | null;
  createdAt: Date;
  lastViewedAt: Date | null;
}

export const analyticsShareSchema = new Schema<AnalyticsShareDoc>(
  {
    profileId: { type: Schema.Types.ObjectId, required: true },
    ownerId: { type: Schema.Types.ObjectId, required: true },
    label: { type: String, default: null },
    token: { type: String, required: true },
    tokenHash: { type: String, required: true },
    passwordHash: { type: String, default: null },
    createdAt: { type: Date, required: true },
    lastViewedAt: { type: Date, default: null },
  },
  { collection: 'analytics_shares', versionKey: false },
);
