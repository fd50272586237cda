import i18next from 'i18next';
import { ExtraMessages, Messages } from '@cardcraft/contracts';
import english from '@/i18n/locales/en/common.json';
import german from '@/i18n/locales/de/common.json';
import { speak } from '@/test/language';
import { translateFormMessage } from './form-messages';

describe("the forms' rule messages", () => {
  it('are in the catalogue with the words the contracts give them', () => {
    expect(english.validation).toEqual({
      email: Messages.loginEmail,
      passwordRequired: Messages.loginPassword,
      displayName: Messages.registerDisplayName,
      passwordTooShort: Messages.registerPassword,
      passwordsDiffer: Messages.registerConfirmPassword,
      passwordTooLong: ExtraMessages.passwordTooLong,
      tooLong: ExtraMessages.fieldTooLong,
      currentPassword: ExtraMessages.currentPassword,
      deletePassword: ExtraMessages.deletePassword,
    });
    expect(Messages.registerEmail).toBe(Messages.loginEmail);
  });

  it("are said in the screen's language, and any other message as it came", async () => {
    await speak('de');
    const t = i18next.getFixedT('de', 'common');
    expect(translateFormMessage(t, Messages.registerConfirmPassword)).toBe(german.validation.passwordsDiffer);
    expect(translateFormMessage(t, ExtraMessages.deletePassword)).toBe(german.validation.deletePassword);
    expect(translateFormMessage(t, 'That handle is taken')).toBe('That handle is taken');
  });
});
