import { Schema, type Types } from 'mongoose';
import type { AnswerValue, QuestionKind } from '@cardcraft/contracts';

// the messages left on cards, and the day's record of cards e-mailed to visitors: their documents and
// schemas (mongo-schemas.ts re-exports them beside the other collections')

export interface LeadDoc {
  _id: Types.ObjectId;
  profileId: Types.ObjectId;
  email: string;
  message: string | null;
  name?: string | null;
  phone?: string | null;
  company?: string | null;
  consent: boolean;
  consentText: string;
  visitorUserId: string | null;
  /** absent on messages left before questions: none */
  answers?: LeadAnswerDoc[];
  /** absent when "Send me your card" was not ticked (or before it existed) */
  cardExchange?: { consentText: string; consentedAt: Date; cardSent: boolean } | null;
  createdAt: Date;
  /** from here on, absent on leads received before migration 5, which gives them their defaults */
  status?: string;
  tags?: string[];
  /** the tags' keys (lower-cased), which the tag filter reads */
  tagKeys?: string[];
  note?: string | null;
  /** lower-cased e-mail, name, company, message and note, which the text search reads */
  searchText?: string;
  updatedAt?: Date;
  statusChangedAt?: Date | null;
  visitorKey?: string | null;
  followUp?: LeadSignalsDoc | null;
}

export interface LeadSignalsDoc {
  views: number;
  saves: number;
  linkClicks: number;
  shares: number;
  calls: number;
  emails: number;
}

export interface LeadAnswerDoc {
  questionId: string;
  label: string;
  kind: QuestionKind;
  value: AnswerValue;
}

/** a card e-mailed to an address on a day: the address hashed, kept for the day's limits only */
export interface CardExchangeSendDoc {
  _id: Types.ObjectId;
  recipientHash: string;
  profileId: string;
  day: string;
  createdAt: Date;
}

// strings are not `required`: mongoose would reject '' and validation belongs to the api's dtos
const nullableString = { type: String, default: null };

export const leadSchema = new Schema<LeadDoc>(
  {
    profileId: { type: Schema.Types.ObjectId, required: true },
    email: String,
    message: nullableString,
    name: nullableString,
    phone: nullableString,
    company: nullableString,
    consent: Boolean,
    consentText: String,
    visitorUserId: nullableString,
    status: { type: String, default: 'new' },
    tags: { type: [String], default: [] },
    tagKeys: { type: [String], default: [] },
    note: nullableString,
    searchText: { type: String, default: '' },
    updatedAt: Date,
    statusChangedAt: { type: Date, default: null },
    visitorKey: nullableString,
    // a plain object, as stored: its six counts are written whole by keepFollowUp
    followUp: { type: Schema.Types.Mixed, default: null },
    // an answer's value is a text, a list of texts or a boolean
    answers: [
      new Schema<LeadAnswerDoc>(
        { questionId: String, label: String, kind: { type: String }, value: Schema.Types.Mixed },
        { _id: false },
      ),
    ],
    cardExchange: {
      type: new Schema({ consentText: String, consentedAt: Date, cardSent: Boolean }, { _id: false }),
      default: null,
    },
  },
  { collection: 'leads', timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);

export const cardExchangeSendSchema = new Schema<CardExchangeSendDoc>(
  {
    recipientHash: String,
    profileId: String,
    day: String,
    createdAt: { type: Date, required: true },
  },
  { collection: 'card_exchange_sends', versionKey: false },
);
