import type { ChangeEvent } from 'react';
import { emptyProfileValues, toProfileInput, type ProfileFormValues } from './profile-form';
import { bindProfileFields, visibleErrors, type FieldErrors } from './profile-fields';

/** the form's values as the bindings change them, like React's state would hold them */
function formState(errors: FieldErrors = {}) {
  let values: ProfileFormValues = emptyProfileValues();
  const fields = () =>
    bindProfileFields(values, errors, (change) => {
      values = change(values);
    });
  return { fields, values: () => values };
}

const typed = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>;

describe('visibleErrors', () => {
  const filled = toProfileInput({ ...emptyProfileValues(), handle: 'ada', displayName: 'Ada' });

  it('says nothing before the first save, then what the input breaks', () => {
    const empty = toProfileInput(emptyProfileValues());
    expect(visibleErrors(empty, false, null)).toEqual({});
    expect(visibleErrors(empty, true, null)).toMatchObject({ displayName: 'Display name required' });
    expect(visibleErrors(filled, true, null)).toEqual({});
  });

  it("keeps the server's message of a field until that field changes", () => {
    const answer = { errors: { handle: 'The handle "ada" is taken.' }, input: filled };
    expect(visibleErrors(filled, true, answer)).toEqual({ handle: 'The handle "ada" is taken.' });
    const renamed = { ...filled, handle: 'ada-2' };
    expect(visibleErrors(renamed, true, answer)).toEqual({});
  });

  it("shows the form's own message over the server's for the same field", () => {
    const nameless = { ...filled, displayName: '' };
    const answer = { errors: { displayName: 'from the server' }, input: nameless };
    expect(visibleErrors(nameless, true, answer).displayName).toBe('Display name required');
    expect(visibleErrors(nameless, false, answer).displayName).toBe('from the server');
  });
});

describe('bindProfileFields', () => {
  it('binds the text, contact and media fields to their values and their errors', () => {
    const errors = { displayName: 'name', 'contact.email': 'email', 'media.ogImageUrl': 'image' };
    const state = formState(errors);
    state.fields().textField('displayName').onChange(typed('Ada'));
    state.fields().contactField('email').onChange(typed('ada@example.com'));
    state.fields().mediaField('ogImageUrl').onChange(typed('https://example.com/a.png'));

    const fields = state.fields();
    expect(fields.textField('displayName')).toMatchObject({ value: 'Ada', error: 'name' });
    expect(fields.contactField('email')).toMatchObject({ value: 'ada@example.com', error: 'email' });
    expect(fields.mediaField('ogImageUrl')).toMatchObject({
      value: 'https://example.com/a.png',
      error: 'image',
    });
    expect(fields.textField('tagline').error).toBeUndefined();
  });

  it('adds https:// to an image address typed without it, as the field is left', () => {
    const state = formState();
    state.fields().imageField('avatarUrl').onChange('example.com/me.png');
    state.fields().imageField('avatarUrl').onBlur();
    state.fields().mediaField('ogImageUrl').onChange(typed('example.com/og.png'));
    state.fields().mediaField('ogImageUrl').onBlur();
    expect(state.values().media).toEqual({
      avatarUrl: 'https://example.com/me.png',
      bannerUrl: '',
      ogImageUrl: 'https://example.com/og.png',
    });
  });

  it('changes one value and keeps the others', () => {
    const state = formState();
    state.fields().set('theme', 'noir');
    state.fields().setPrivacy('collectGeo', true);
    state.fields().setContact('company', 'Analytical Engines');
    const values = state.values();
    expect(values.theme).toBe('noir');
    expect(values.privacy).toEqual({ ...emptyProfileValues().privacy, collectGeo: true });
    expect(values.contact).toEqual({ ...emptyProfileValues().contact, company: 'Analytical Engines' });
  });
});
