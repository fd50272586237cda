import { LOCKABLE_FIELDS, SecondFactorMessages, TeamMessages } from '@cardcraft/contracts';
import { ENGLISH_CATALOGUES } from '@/i18n/english-catalogues';
import { LOCKABLE_FIELD_KEYS } from './lockable-fields';

const english = ENGLISH_CATALOGUES.teams;

describe("the teams catalogue's English", () => {
  // the screens recognise these answers of the API, or give them before asking it, and say them in
  // the screen's language: in English they are the API's own words
  it("says the API's messages as the API says them", () => {
    expect(english.join.invalid).toBe(TeamMessages.invitationInvalid);
    expect(english.join.otherEmail).toBe(TeamMessages.invitationOtherEmail);
    expect(english.bulk.csvEmpty).toBe(TeamMessages.csvEmpty);
    expect(english.layout.secondFactorText).toBe(SecondFactorMessages.teamRequires);
  });

  it('names every lockable field as the contracts do', () => {
    const fields = english.templates.fields as Record<string, string>;
    expect(LOCKABLE_FIELDS.map(({ path }) => fields[LOCKABLE_FIELD_KEYS[path]])).toEqual(
      LOCKABLE_FIELDS.map(({ label }) => label),
    );
  });
});
