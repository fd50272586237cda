import { Schema, type Types } from 'mongoose';

/** an account's authenticator app: one document a user, under the user's id */
export interface SecondFactorDoc {
  _id: Types.ObjectId;
  sealedSecret: string;
  enabledAt: Date | null;
  lastTimeStep: number;
  createdAt: Date;
}

/**
 * a recovery code not spent yet, hashed: spending one deletes it, and of two callers only one
 * deletes a document (FerretDB v1 answers a conditional update's match to every concurrent caller)
 */
export interface RecoveryCodeDoc {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  codeHash: string;
}

/** a time step whose code was taken: the unique (userId, timeStep) index lets one insert win */
export interface TimeStepDoc {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  timeStep: number;
}

export const secondFactorSchema = new Schema<SecondFactorDoc>(
  {
    _id: Schema.Types.ObjectId,
    sealedSecret: String,
    enabledAt: { type: Date, default: null },
    lastTimeStep: { type: Number, default: 0 },
    createdAt: Date,
  },
  { collection: 'second_factors', versionKey: false },
);

export const recoveryCodeSchema = new Schema<RecoveryCodeDoc>(
  { userId: Schema.Types.ObjectId, codeHash: String },
  { collection: 'recovery_codes', versionKey: false },
);

export const timeStepSchema = new Schema<TimeStepDoc>(
  { userId: Schema.Types.ObjectId, timeStep: Number },
  { collection: 'second_factor_steps', versionKey: false },
);
