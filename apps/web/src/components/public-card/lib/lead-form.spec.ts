import { validateLeadForm } from './lead-form';

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
});
