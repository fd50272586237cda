// the public card's only script: no React. the server page already reads, saves the contact, posts
// the message and links to itself; this adds the share sheet, copy link, toasts, sending the message
// in place and the engagement events. anything failing here leaves the plain page working.
// built on its own (vite.card.config.ts) into one small file: it imports no react, no icons and, from
// the contracts, only the dependency-free modules (messages, message-field-rules, question-rules).
import type { EngagementEventType } from '@cardcraft/contracts/analytics.dto';
import { Limits } from '@cardcraft/contracts/messages';
import { HttpError } from '@/lib/api-error';
import { beacon, send } from '@/lib/api-transport';
import { shareProfile } from '@/components/public-card/lib/share';
import {
  CARD_NOT_SENT,
  CARD_SENT,
  isLeadFormField,
  LEAD_FORM_FIELDS,
  leadBody,
  MESSAGE_FAILED,
  QUESTIONS_CHANGED,
  MESSAGE_FIELDS,
  MESSAGE_SENT,
  validateLeadForm,
  type LeadFormErrors,
  type LeadFormValues,
} from '@/components/public-card/lib/lead-form';
import type { MessageFieldsResponse } from '@cardcraft/contracts/message-field-rules';
import type { CardScriptTexts } from '@/i18n/card-translations';
import type { AnswerValue, CardQuestion, QuestionKind } from '@cardcraft/contracts/question-rules';

type Variant = 'success' | 'destructive' | 'default';

// what this script says: English, the specification's words, unless the page brings its own language's
// (a JSON block, #card-texts; this id is CARD_TEXTS_ID in card-document.tsx)
const ENGLISH: CardScriptTexts = {
  sent: MESSAGE_SENT,
  failed: MESSAGE_FAILED,
  cardSent: CARD_SENT,
  cardNotSent: CARD_NOT_SENT,
  questionsChanged: QUESTIONS_CHANGED,
  toasts: {
    vcardTitle: 'vCard downloaded',
    vcardText: 'Contact information saved to your device.',
    copiedTitle: 'Link copied!',
    copiedText: 'Profile link copied to clipboard.',
    copyFailedTitle: 'Could not copy the link',
    contactTitle: 'Contact initiated',
    contactText: 'Opening email or phone client...',
    sentTitle: 'Message sent!',
    sentText: 'Your message has been delivered to the owner.',
    failedTitle: 'Failed to send message',
    failedText: 'Please try again in a moment.',
  },
  errors: {},
};

function pageTexts(): CardScriptTexts {
  const data = document.getElementById('card-texts')?.textContent;
  if (!data) return ENGLISH;
  try {
    return { ...ENGLISH, ...(JSON.parse(data) as Partial<CardScriptTexts>) };
  } catch {
    return ENGLISH;
  }
}

const texts = pageTexts();

/** a message of the form's rules or of the api (English), in the page's language */
const say = (message: string): string => texts.errors[message] ?? message;

const TOAST_VARIANTS: Record<Variant, string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-950',
  destructive: 'border-red-200 bg-red-50 text-red-950',
  default: 'border-slate-200 bg-white text-slate-950',
};

let toastRegion: HTMLElement | null = null;
let toastTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * a short note at the top of the screen, clear of the docked actions, read out by screen readers, gone
 * after a few seconds. one at a time: a new note replaces the one shown, so they never pile up.
 */
export function toast(title: string, description: string, variant: Variant = 'default'): void {
  if (!toastRegion) {
    toastRegion = document.createElement('div');
    toastRegion.setAttribute('role', 'status');
    toastRegion.setAttribute('aria-live', 'polite');
    toastRegion.className =
      'pointer-events-none fixed inset-x-0 top-0 z-50 mx-auto flex max-w-sm flex-col gap-2 p-4';
    document.body.appendChild(toastRegion);
  }
  const note = document.createElement('div');
  note.setAttribute('data-toast', '');
  note.className = `pointer-events-auto animate-slide-in rounded-xl border p-4 text-sm shadow-lg ${TOAST_VARIANTS[variant]}`;
  const heading = document.createElement('p');
  heading.className = 'font-semibold';
  heading.textContent = title;
  const text = document.createElement('p');
  text.className = 'mt-0.5 opacity-90';
  text.textContent = description;
  note.append(heading, text);
  toastRegion.replaceChildren(note);
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => note.remove(), 4000);
}

/** an engagement event, sent even as the page is left (a mail app, a new tab, a download) */
export function sendEvent(profileId: string, type: EngagementEventType, target?: string | null): void {
  // analytics must never break the card: the beacon never throws. the api takes addresses this long
  beacon(
    `/api/public/profiles/${encodeURIComponent(profileId)}/events`,
    target ? { type, target: target.slice(0, Limits.urlMax) } : { type },
  );
}

/** an error line under a field, in the form's colours */
function errorNote(form: HTMLFormElement, id: string, field: string, message: string): HTMLElement {
  const note = document.createElement('p');
  note.setAttribute('role', 'alert');
  note.setAttribute('data-field-error', field);
  note.id = id;
  note.className = `mt-1.5 text-sm font-medium ${form.dataset.errorClass ?? ''}`;
  note.textContent = say(message);
  return note;
}

/** the card's questions as the page's form shows them: read off their containers and inputs */
function questionsOf(form: HTMLFormElement): { question: CardQuestion; box: HTMLElement }[] {
  return [...form.querySelectorAll<HTMLElement>('[data-question]')].map((box) => ({
    box,
    question: {
      id: box.dataset.question ?? '',
      label: '',
      kind: (box.dataset.kind ?? 'short_text') as QuestionKind,
      required: box.dataset.required !== undefined,
      help: null,
      choices: [...box.querySelectorAll<HTMLInputElement>('input[type="radio"], input[type="checkbox"]')].map(
        (input) => input.value,
      ),
    },
  }));
}

/** each question's error at the end of its container, tied to its control (or fieldset) */
function showAnswerErrors(form: HTMLFormElement, errors: LeadFormErrors): void {
  for (const { question, box } of questionsOf(form)) {
    const message = errors[`answers.${question.id}`];
    const described =
      box.tagName === 'FIELDSET' ? box : box.querySelector('input:not([type="hidden"]), textarea');
    const help = box.querySelector(`#${CSS.escape(box.id)}-help`) ? `${box.id}-help` : '';
    for (const input of box.querySelectorAll('input:not([type="hidden"]), textarea')) {
      if (message) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
    const describedBy = [help, message ? `${box.id}-error` : ''].filter(Boolean).join(' ');
    if (describedBy) described?.setAttribute('aria-describedby', describedBy);
    else described?.removeAttribute('aria-describedby');
    if (message) box.append(errorNote(form, `${box.id}-error`, `answers.${question.id}`, message));
  }
}

function showFieldErrors(form: HTMLFormElement, errors: LeadFormErrors): void {
  for (const old of form.querySelectorAll('[data-field-error]')) old.remove();
  showAnswerErrors(form, errors);
  for (const field of LEAD_FORM_FIELDS) {
    const input = form.elements.namedItem(field);
    if (!(input instanceof HTMLElement)) continue;
    const message = errors[field];
    if (!message) {
      input.removeAttribute('aria-invalid');
      continue;
    }
    input.setAttribute('aria-invalid', 'true');
    const note = errorNote(form, `${input.id}-error`, field, message);
    input.setAttribute('aria-describedby', note.id);
    // after the field, or after the consent's label that holds the checkbox
    const anchor = field === 'consent' ? (input.closest('label') ?? input) : input;
    anchor.after(note);
  }
}

/** the form's closing line: sent (and what became of the card asked for), or why it was not */
function showStatus(form: HTMLFormElement, sent: boolean, detail = ''): void {
  const region = form.querySelector('[data-message-status]');
  if (!region) return;
  const line = document.createElement('p');
  line.setAttribute('role', sent ? 'status' : 'alert');
  line.className = `text-sm font-medium ${(sent ? form.dataset.successClass : form.dataset.errorClass) ?? ''}`;
  line.textContent = `${sent ? texts.sent : texts.failed}${detail ? ` ${detail}` : ''}`;
  region.replaceChildren(line);
}

/** the answers as the form holds them: a text, the options ticked, or the box's posted values */
function answersOf(data: FormData, questions: readonly CardQuestion[]): Record<string, AnswerValue> {
  const answers: Record<string, AnswerValue> = {};
  for (const { id, kind } of questions) {
    const values = data.getAll(`answers.${id}`).map(String);
    answers[id] = kind === 'choices' || kind === 'checkbox' ? values : (values[0] ?? '');
  }
  return answers;
}

/** the api's field errors ({ errors: [{ field, message }] }) for the form's own fields */
function fieldErrorsOf(body: unknown): LeadFormErrors {
  const errors: LeadFormErrors = {};
  const list = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(list)) return errors;
  for (const item of list as { field?: unknown; message?: unknown }[]) {
    if (typeof item.field === 'string' && isLeadFormField(item.field) && typeof item.message === 'string') {
      errors[item.field] = item.message;
    }
  }
  return errors;
}

/** sends the message in place, with the same words the page answers without script */
function enhanceMessageForm(form: HTMLFormElement): void {
  const profileId = form.dataset.messageForm ?? '';
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  let pending = false;
  // the extra fields the page's form asks for, read off its inputs
  const fields = { name: 'off', phone: 'off', company: 'off' } as MessageFieldsResponse;
  for (const field of MESSAGE_FIELDS) {
    const input = form.elements.namedItem(field);
    if (input instanceof HTMLInputElement) fields[field] = input.required ? 'required' : 'optional';
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (pending) return;
    const data = new FormData(form);
    const questions = questionsOf(form).map((entry) => entry.question);
    const values: LeadFormValues = {
      email: String(data.get('email') ?? ''),
      message: String(data.get('message') ?? ''),
      consent: data.get('consent') !== null,
      answers: answersOf(data, questions),
      sendCard: data.get('sendCard') !== null,
    };
    for (const field of MESSAGE_FIELDS) {
      if (fields[field] !== 'off') values[field] = String(data.get(field) ?? '');
    }
    const errors = validateLeadForm(values, fields, questions);
    showFieldErrors(form, errors);
    if (Object.keys(errors).length > 0) return;
    pending = true;
    if (submit) submit.disabled = true;
    send<{ cardExchange?: { cardSent: boolean } | null }>(
      `/api/profiles/${encodeURIComponent(profileId)}/leads`,
      {
        method: 'POST',
        body: leadBody(values, fields, questions),
      },
    )
      .then((lead) => {
        const message = form.elements.namedItem('message');
        if (message instanceof HTMLTextAreaElement) message.value = '';
        const card = lead?.cardExchange;
        showStatus(form, true, card ? (card.cardSent ? texts.cardSent : texts.cardNotSent) : '');
        toast(texts.toasts.sentTitle, texts.toasts.sentText, 'success');
      })
      .catch((error: unknown) => {
        let changed = false;
        if (error instanceof HttpError && error.response) {
          const found = fieldErrorsOf(error.response.data);
          showFieldErrors(form, found);
          // an error for a question the page does not show: the owner changed the questions meanwhile
          changed = Object.keys(found).some(
            (field) => field.startsWith('answers.') && !questions.some((q) => `answers.${q.id}` === field),
          );
        }
        showStatus(form, false, changed ? texts.questionsChanged : '');
        toast(texts.toasts.failedTitle, texts.toasts.failedText, 'destructive');
      })
      .finally(() => {
        pending = false;
        if (submit) submit.disabled = false;
      });
  });
}

function start(): void {
  const page = document.querySelector<HTMLElement>('[data-card-page]');
  if (!page) return;
  const profileId = page.dataset.cardPage ?? '';
  const url = page.dataset.cardUrl ?? location.href;

  page.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const action = target?.closest<HTMLElement>('[data-card-action]');
    if (action) {
      const kind = action.dataset.cardAction;
      if (kind === 'share') {
        event.preventDefault();
        void shareProfile(document.title, url).then((outcome) => {
          if (outcome === 'copied') toast(texts.toasts.copiedTitle, texts.toasts.copiedText, 'success');
          if (outcome === 'failed') toast(texts.toasts.copyFailedTitle, url, 'destructive');
          if (outcome === 'shared' || outcome === 'copied') sendEvent(profileId, 'shared');
        });
      } else if (kind === 'save-contact') {
        // the link downloads the file; this only says so and counts it
        toast(texts.toasts.vcardTitle, texts.toasts.vcardText, 'success');
        sendEvent(profileId, 'vcard_saved');
      } else if (kind === 'email' || kind === 'call') {
        toast(texts.toasts.contactTitle, texts.toasts.contactText);
        sendEvent(profileId, kind === 'email' ? 'email_clicked' : 'call_clicked');
      }
      return;
    }
    const tracked = target?.closest<HTMLElement>('[data-track]');
    const type = tracked?.dataset.track as EngagementEventType | undefined;
    if (tracked && type) {
      sendEvent(profileId, type, type === 'link_clicked' ? tracked.getAttribute('href') : null);
    }
  });

  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-message-form]')) {
    enhanceMessageForm(form);
  }
}

start();
