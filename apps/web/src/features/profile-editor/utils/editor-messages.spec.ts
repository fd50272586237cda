import i18next from 'i18next';
import {
  availableHandleMessage,
  BLOCK_TYPE_DEFINITIONS,
  ExtraMessages,
  LAYOUTS,
  LOCKABLE_FIELDS,
  LOCKED_FIELD_MESSAGE,
  Messages,
  NOT_AN_IMAGE,
  reservedHandleMessage,
  takenHandleMessage,
  TeamMessages,
  THEMES,
} from '@cardcraft/contracts';
import { MESSAGE_FIELD_LABELS } from '@cardcraft/contracts/message-field-rules';
import { QUESTION_KIND_LABELS, QuestionMessages } from '@cardcraft/contracts/question-rules';
import english from '@/i18n/locales/en/editor.json';
import german from '@/i18n/locales/de/editor.json';
import { speak } from '@/test/language';
import { lockedFieldKey } from '../components/locks-card';
import { translateEditorMessage, translateFieldErrors } from './editor-messages';

describe("the editor's English catalogue", () => {
  it('says the rules exactly as the API and the form check them', () => {
    expect(english.errors).toEqual({
      handleTooShort: Messages.handleTooShort,
      handleTooLong: Messages.handleTooLong,
      handlePattern: Messages.handlePattern,
      displayName: Messages.displayName,
      tagline: Messages.tagline,
      bio: Messages.bio,
      contactEmail: Messages.contactEmail,
      url: Messages.url,
      provider: Messages.provider,
      blockTitle: Messages.blockTitle,
      fieldTooLong: ExtraMessages.fieldTooLong,
      tooManySocialLinks: ExtraMessages.tooManySocialLinks,
      tooManyBlocks: ExtraMessages.tooManyBlocks,
      blockType: ExtraMessages.blockType,
      theme: ExtraMessages.theme,
      layout: ExtraMessages.layout,
      payloadTooLong: ExtraMessages.payloadTooLong,
      tooManyQuestions: QuestionMessages.tooManyQuestions,
      questionLabel: QuestionMessages.label,
      questionLabelTooLong: QuestionMessages.labelTooLong,
      questionHelp: QuestionMessages.help,
      questionKind: QuestionMessages.kind,
      choicesCount: QuestionMessages.choicesCount,
      choice: QuestionMessages.choice,
      choicesDistinct: QuestionMessages.choicesDistinct,
      questionId: QuestionMessages.questionId,
      followUp: QuestionMessages.followUp,
      templateName: TeamMessages.templateName,
      lockedFields: TeamMessages.lockedFields,
      locked: LOCKED_FIELD_MESSAGE,
    });
    expect(english.media.notAnImage).toBe(NOT_AN_IMAGE);
  });

  it('says what the handle lookup answers, and names what the contracts name, as they do', () => {
    const t = i18next.getFixedT('en', 'editor');
    expect(t('handle.available', { handle: 'ada' })).toBe(availableHandleMessage('ada'));
    expect(t('handle.taken', { handle: 'ada' })).toBe(takenHandleMessage('ada'));
    expect(t('handle.reserved', { handle: 'ada' })).toBe(reservedHandleMessage('ada'));
    for (const { path, label } of LOCKABLE_FIELDS) expect(t(lockedFieldKey(path))).toBe(label);
    for (const [type, { label }] of Object.entries(BLOCK_TYPE_DEFINITIONS)) {
      expect(t(`blocks.types.${type}`)).toBe(label);
    }
    expect(english.questions.kinds).toEqual(QUESTION_KIND_LABELS);
    expect(english.messageFields.fields).toEqual(MESSAGE_FIELD_LABELS);
    for (const { value, description } of THEMES) expect(t(`appearance.themes.${value}`)).toBe(description);
    for (const { value, description } of LAYOUTS) expect(t(`appearance.layouts.${value}`)).toBe(description);
  });
});

describe("the rules' messages in the editor's language", () => {
  it('are said in German, and a message of the server that is no rule of the form as it came', async () => {
    await speak('de');
    const t = i18next.getFixedT('de', 'editor');
    expect(translateEditorMessage(t, Messages.displayName)).toBe(german.errors.displayName);
    expect(translateEditorMessage(t, 'Profile not found')).toBe('Profile not found');
    expect(
      translateFieldErrors(t, {
        'contact.email': LOCKED_FIELD_MESSAGE,
        'blocks.0.title': Messages.blockTitle,
      }),
    ).toEqual({ 'contact.email': german.errors.locked, 'blocks.0.title': german.errors.blockTitle });
  });
});
