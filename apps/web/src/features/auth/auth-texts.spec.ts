import { AccountMailMessages, AccountSessionMessages, SecondFactorMessages } from '@cardcraft/contracts';
import english from '@/i18n/locales/en/auth.json';

// the screens say these themselves, before any call: in English, the words the API uses for the same
describe("the auth screens' own messages", () => {
  it('are the contracts’ words in English', () => {
    expect(english.links.incomplete).toBe(`${AccountMailMessages.token}.`);
    expect(english.reset.done).toBe(AccountMailMessages.resetDone);
    expect(english.confirmEmail.changed).toBe(
      `${AccountMailMessages.emailChanged} You now sign in with <strong>{{email}}</strong>.`,
    );
    expect(english.endSession.linkInvalid).toBe(AccountSessionMessages.linkInvalid);
    expect(english.secondFactor.codeRequired).toBe(SecondFactorMessages.codeRequired);
  });
});
