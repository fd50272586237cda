import { Schema, type Types } from 'mongoose';

/** a passkey, under its credential id: the id is unique across accounts */
export interface PasskeyDoc {
  _id: string;
  userId: Types.ObjectId;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  deviceType: string;
  backedUp: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** a WebAuthn challenge answered, under its hash: the insert that meets the id again is a replay */
export interface WebauthnChallengeDoc {
  _id: string;
  expiresAt: Date;
}

export const passkeySchema = new Schema<PasskeyDoc>(
  {
    _id: String,
    userId: Schema.Types.ObjectId,
    publicKey: String,
    counter: Number,
    transports: [String],
    name: String,
    deviceType: String,
    backedUp: Boolean,
    createdAt: Date,
    lastUsedAt: { type: Date, default: null },
  },
  { collection: 'passkeys', versionKey: false },
);

export const webauthnChallengeSchema = new Schema<WebauthnChallengeDoc>(
  { _id: String, expiresAt: Date },
  { collection: 'webauthn_challenges', versionKey: false },
);
