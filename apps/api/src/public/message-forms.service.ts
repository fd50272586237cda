import { Injectable } from '@nestjs/common';
import {
  CreateLeadDto,
  toFieldErrors,
  type CardPageMessageOutcome,
  type CardPageMessageValues,
  type FieldError,
  type MessageField,
} from '@cardcraft/contracts';
import type { ProfileRecord } from '@cardcraft/storage';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { DomainError } from '../platform/common/errors';
import type { RequestMeta } from '../platform/common/request-meta';
import { LeadsService } from '../leads/leads.service';

/**
 * the message form as a browser posts it without script (application/x-www-form-urlencoded): its
 * fields, and each question's answer as answers.{questionId} (several values for several choices)
 */
export type PostedMessageForm = Record<string, unknown>;

const MESSAGE_FIELDS: readonly string[] = [
  'email',
  'message',
  'consent',
  'name',
  'phone',
  'company',
  'sendCard',
];
const ANSWER_PREFIX = 'answers.';
/** more answers than a card has questions are not read: the rest of the body is dropped */
const POSTED_ANSWERS_MAX = 20;

/**
 * a browser posts a textarea's line breaks as CRLF, and the page's script sends them as LF: stored as
 * LF either way, so a text is the same, and as long, with or without script
 */
const withLineFeeds = (value: string): string => value.replace(/\r\n?/g, '\n');

function text(value: unknown): string {
  const first = Array.isArray(value) ? (value[0] as unknown) : value;
  return typeof first === 'string' ? withLineFeeds(first) : '';
}

/** the answers as posted, by question id: one value as a text, several as a list */
function postedAnswers(form: PostedMessageForm): Record<string, string | string[]> {
  const answers: Record<string, string | string[]> = {};
  const keys = Object.keys(form).filter((key) => key.startsWith(ANSWER_PREFIX));
  for (const key of keys.slice(0, POSTED_ANSWERS_MAX)) {
    const value = form[key];
    const id = key.slice(ANSWER_PREFIX.length);
    if (typeof value === 'string') answers[id] = withLineFeeds(value);
    else if (Array.isArray(value))
      answers[id] = value.filter((item): item is string => typeof item === 'string').map(withLineFeeds);
  }
  return answers;
}

/** the first error of each of the form's fields, as the form shows them under the field */
function underFields(errors: FieldError[]): CardPageMessageOutcome['errors'] {
  const shown: CardPageMessageOutcome['errors'] = {};
  for (const { field, message } of errors) {
    if (MESSAGE_FIELDS.includes(field) || field.startsWith(ANSWER_PREFIX)) {
      shown[field as MessageField] ??= message;
    }
  }
  return shown;
}

/**
 * a message left on the card without script: the same rules and messages as the JSON endpoint (the
 * contract's DTO) and the same lead, and what became of it in the words the form shows with script
 */
@Injectable()
export class MessageFormsService {
  constructor(private readonly leads: LeadsService) {}

  /** the outcome and the status the page answers with: 200 sent, 400 refused fields, 403 closed */
  async send(
    profile: ProfileRecord,
    form: PostedMessageForm,
    viewerUserId: string | null,
    request: RequestMeta,
  ): Promise<{ outcome: CardPageMessageOutcome; status: number }> {
    const values: CardPageMessageValues = {
      email: text(form.email),
      message: text(form.message),
      name: text(form.name),
      phone: text(form.phone),
      company: text(form.company),
      // a checkbox is sent only when ticked
      consent: form.consent !== undefined && text(form.consent) !== '',
      sendCard: form.sendCard !== undefined && text(form.sendCard) !== '',
      answers: postedAnswers(form),
    };
    const outcome = await this.outcome(profile, values, viewerUserId, request);
    const status = outcome.status === 'sent' ? 200 : outcome.errors ? 400 : 403;
    return { outcome, status };
  }

  private async outcome(
    profile: ProfileRecord,
    values: CardPageMessageValues,
    viewerUserId: string | null,
    request: RequestMeta,
  ): Promise<CardPageMessageOutcome> {
    const dto = plainToInstance(CreateLeadDto, { ...values });
    const invalid = toFieldErrors(await validate(dto, { whitelist: true }));
    if (invalid.length > 0) return { status: 'failed', values, errors: underFields(invalid) };
    try {
      const lead = await this.leads.create(profile.id, dto, viewerUserId, request);
      return lead.cardExchange
        ? { status: 'sent', cardSent: lead.cardExchange.cardSent }
        : { status: 'sent' };
    } catch (error) {
      // a required extra field left empty: said under the field, as with script
      if (error instanceof DomainError && error.status === 400 && error.errors?.length) {
        return { status: 'failed', values, errors: underFields(error.errors) };
      }
      // closed to messages, or the card went away meanwhile: the form says it could not send
      if (error instanceof DomainError && error.status < 500) return { status: 'failed', values };
      throw error;
    }
  }
}
