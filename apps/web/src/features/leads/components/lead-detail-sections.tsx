import type { ComponentType, ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LeadResponse } from '@cardcraft/contracts';
import { Badge } from '@/components/ui/badge';
import type { ListedLead } from '../api/get-leads';
import { FollowUpReasons } from './follow-up-reasons';
import { LeadAnswers, LeadCardExchange } from './lead-answers';
import { LeadNoteEditor } from './lead-note-editor';
import { LeadStatusSelect } from './lead-status-select';
import { LeadTagsEditor } from './lead-tags-editor';
import { useLeadDateFormat } from './use-lead-date-format';

export interface LeadSectionProps {
  lead: ListedLead;
  /** the tags in use on the screen's leads, offered by the tags editor */
  tags: string[];
  /** a section that saved the lead hands the answer back, so every section shows it */
  onSaved: (lead: LeadResponse) => void;
}

export interface LeadDetailSection {
  id: string;
  /** the section's heading, in the screen's language */
  title: (t: TFunction<'leads'>) => string;
  Section: ComponentType<LeadSectionProps>;
  /** left out for a lead it has nothing to say about */
  shows?: (lead: ListedLead) => boolean;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2 py-1.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function MessageSection({ lead }: LeadSectionProps) {
  const { t } = useTranslation('leads');
  return lead.message ? (
    <p className="text-sm break-words whitespace-pre-line">{lead.message}</p>
  ) : (
    <p className="text-sm text-muted-foreground italic">{t('detail.noMessage')}</p>
  );
}

function ContactSection({ lead }: LeadSectionProps) {
  const { t } = useTranslation('leads');
  const dateFormat = useLeadDateFormat();
  return (
    <dl className="text-sm">
      {lead.name ? <Field label={t('detail.fields.name')}>{lead.name}</Field> : null}
      <Field label={t('detail.fields.email')}>
        <a className="text-primary hover:underline" href={`mailto:${lead.email}`}>
          {lead.email}
        </a>
      </Field>
      {lead.phone ? (
        <Field label={t('detail.fields.phone')}>
          <a className="text-primary hover:underline" href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>
            {lead.phone}
          </a>
        </Field>
      ) : null}
      {lead.company ? <Field label={t('detail.fields.company')}>{lead.company}</Field> : null}
      <Field label={t('detail.fields.card')}>
        @{lead.cardHandle}
        {lead.holderName ? ` · ${lead.holderName}` : ''}
      </Field>
      <Field label={t('detail.fields.received')}>
        <time dateTime={lead.createdAtUtc}>{dateFormat.format(new Date(lead.createdAtUtc))}</time>
      </Field>
      <Field label={t('detail.fields.consent')}>
        {lead.consent ? (
          <Badge variant="success">{t('detail.consented')}</Badge>
        ) : (
          <Badge variant="secondary">{t('detail.noConsent')}</Badge>
        )}
        {lead.consentText ? <p className="mt-1 text-xs text-muted-foreground">{lead.consentText}</p> : null}
      </Field>
    </dl>
  );
}

function StatusSection({ lead, onSaved }: LeadSectionProps) {
  const { t } = useTranslation('leads');
  const dateFormat = useLeadDateFormat();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <LeadStatusSelect lead={lead} onSaved={onSaved} className="w-44" />
      {lead.statusChangedAtUtc ? (
        <span className="text-xs text-muted-foreground">
          {t('detail.statusChanged', { date: dateFormat.format(new Date(lead.statusChangedAtUtc)) })}
        </span>
      ) : null}
    </div>
  );
}

function TagsSection({ lead, tags, onSaved }: LeadSectionProps) {
  return <LeadTagsEditor lead={lead} suggestions={tags} onSaved={onSaved} />;
}

function NoteSection({ lead, onSaved }: LeadSectionProps) {
  return <LeadNoteEditor lead={lead} onSaved={onSaved} />;
}

function FollowUpSection({ lead }: LeadSectionProps) {
  return <FollowUpReasons followUp={lead.followUp} explain />;
}

/**
 * the detail panel's sections, in order. another part of a lead (answers to a card's questions, say)
 * adds its section here, in one line
 */
export const LEAD_DETAIL_SECTIONS: LeadDetailSection[] = [
  { id: 'message', title: (t) => t('detail.sections.message'), Section: MessageSection },
  {
    id: 'answers',
    title: (t) => t('detail.sections.answers'),
    Section: LeadAnswers,
    shows: (lead) => lead.answers.length > 0,
  },
  { id: 'contact', title: (t) => t('detail.sections.contact'), Section: ContactSection },
  {
    id: 'card-by-email',
    title: (t) => t('detail.sections.cardByEmail'),
    Section: LeadCardExchange,
    shows: (lead) => lead.cardExchange !== null,
  },
  { id: 'status', title: (t) => t('detail.sections.status'), Section: StatusSection },
  { id: 'tags', title: (t) => t('detail.sections.tags'), Section: TagsSection },
  { id: 'note', title: (t) => t('detail.sections.note'), Section: NoteSection },
  { id: 'follow-up', title: (t) => t('detail.sections.followUp'), Section: FollowUpSection },
];
