import type { ComponentType, ReactNode } from 'react';
import type { LeadResponse } from '@cardcraft/contracts';
import { Badge } from '@/components/ui/badge';
import type { ListedLead } from '../api/get-leads';
import { FollowUpReasons } from './follow-up-reasons';
import { LeadAnswers, LeadCardExchange } from './lead-answers';
import { LeadNoteEditor } from './lead-note-editor';
import { LeadStatusSelect } from './lead-status-select';
import { LeadTagsEditor } from './lead-tags-editor';
import { dateFormat } from './leads-table';

export interface LeadSectionProps {
  lead: ListedLead;
  /** the tags in use on the screen's leads, offered by the tags editor */
  tags: string[];
  /** a section that saved the lead hands the answer back, so every section shows it */
  onSaved: (lead: LeadResponse) => void;
}

export interface LeadDetailSection {
  id: string;
  title: string;
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
  return lead.message ? (
    <p className="text-sm break-words whitespace-pre-line">{lead.message}</p>
  ) : (
    <p className="text-sm text-muted-foreground italic">No message</p>
  );
}

function ContactSection({ lead }: LeadSectionProps) {
  return (
    <dl className="text-sm">
      {lead.name ? <Field label="Name">{lead.name}</Field> : null}
      <Field label="E-mail">
        <a className="text-primary hover:underline" href={`mailto:${lead.email}`}>
          {lead.email}
        </a>
      </Field>
      {lead.phone ? (
        <Field label="Phone">
          <a className="text-primary hover:underline" href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>
            {lead.phone}
          </a>
        </Field>
      ) : null}
      {lead.company ? <Field label="Company">{lead.company}</Field> : null}
      <Field label="Card">
        @{lead.cardHandle}
        {lead.holderName ? ` · ${lead.holderName}` : ''}
      </Field>
      <Field label="Received">
        <time dateTime={lead.createdAtUtc}>{dateFormat.format(new Date(lead.createdAtUtc))}</time>
      </Field>
      <Field label="Consent">
        {lead.consent ? (
          <Badge variant="success">Consented</Badge>
        ) : (
          <Badge variant="secondary">No consent</Badge>
        )}
        {lead.consentText ? <p className="mt-1 text-xs text-muted-foreground">{lead.consentText}</p> : null}
      </Field>
    </dl>
  );
}

function StatusSection({ lead, onSaved }: LeadSectionProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <LeadStatusSelect lead={lead} onSaved={onSaved} className="w-44" />
      {lead.statusChangedAtUtc ? (
        <span className="text-xs text-muted-foreground">
          Changed {dateFormat.format(new Date(lead.statusChangedAtUtc))}
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
  { id: 'message', title: 'Message', Section: MessageSection },
  {
    id: 'answers',
    title: 'Answers',
    Section: LeadAnswers,
    shows: (lead) => lead.answers.length > 0,
  },
  { id: 'contact', title: 'Contact', Section: ContactSection },
  {
    id: 'card-by-email',
    title: 'Your card by e-mail',
    Section: LeadCardExchange,
    shows: (lead) => lead.cardExchange !== null,
  },
  { id: 'status', title: 'Status', Section: StatusSection },
  { id: 'tags', title: 'Tags', Section: TagsSection },
  { id: 'note', title: 'Private note', Section: NoteSection },
  { id: 'follow-up', title: 'Follow-up signals', Section: FollowUpSection },
];
