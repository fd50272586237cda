import { Schema, type Types } from 'mongoose';

/** an analytics mail sent: the unique (userId, key) index lets one process's insert win */
export interface AnalyticsMailSendDoc {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  key: string;
  createdAt: Date;
}

export const analyticsMailSendSchema = new Schema<AnalyticsMailSendDoc>(
  { userId: Schema.Types.ObjectId, key: String, createdAt: Date },
  { collection: 'analytics_mail_sends', versionKey: false },
);
