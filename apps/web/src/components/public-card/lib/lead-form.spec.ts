import { leadBody, validateLeadForm } from './lead-form';

describe('validateLeadForm', () => {
  const valid = { email: 'guest@example.com', message: '', consent: true };

  it('accepts an e-mail with consent and no message', () => {
    expect(validateLeadForm(valid)).toEqual({});
  });

  it('asks for a valid e-mail', () => {
    expect(validateLeadForm({ ...valid, email: 'not-an-email' }).email).toBe('Enter a valid email');
    expect(validateLeadForm({ ...valid, email: '  ' }).email).toBe('Enter a valid email');
  });

  it('keeps the message within 500 characters', () => {
    expect(validateLeadForm({ ...valid, message: 'x'.repeat(500) }).message).toBeUndefined();
    expect(validateLeadForm({ ...valid, message: 'x'.repeat(501) }).message).toBe(
      'Keep the message within 500 characters',
    );
  });

  it('requires consent', () => {
    expect(validateLeadForm({ ...valid, consent: false }).consent).toBe('Consent is required');
  });

  it('requires the extra fields the owner made required, and only those', () => {
    const fields = { name: 'required', phone: 'optional', company: 'off' } as const;
    expect(validateLeadForm({ ...valid, name: ' ' }, fields)).toEqual({ name: 'Enter your name' });
    expect(validateLeadForm({ ...valid, name: 'Ada' }, fields)).toEqual({});
    expect(validateLeadForm({ ...valid }, { name: 'off', phone: 'required', company: 'required' })).toEqual({
      phone: 'Enter your phone number',
      company: 'Enter your company',
    });
  });
});

describe('leadBody', () => {
  it('sends the asked-for extra fields trimmed, empty ones as null, and nothing of the others', () => {
    expect(
      leadBody(
        { email: ' ada@example.com ', message: '  ', consent: true, name: ' Ada ', phone: '', company: 'X' },
        { name: 'required', phone: 'optional', company: 'off' },
      ),
    ).toEqual({ email: 'ada@example.com', name: 'Ada', phone: null, message: null, consent: true });
  });
});
