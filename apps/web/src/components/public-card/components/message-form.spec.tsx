import { act, fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '@/lib/api-error';
import { speak } from '@/test/language';
import germanCard from '@/i18n/locales/de/card.json';
import { CARD_THEMES } from './card-theme';
import { MessageForm } from './message-form';

const toast = jest.fn();
jest.mock('@/components/ui/use-toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

const theme = CARD_THEMES.aurora;

function fields() {
  return {
    email: screen.getByLabelText('Your email') as HTMLInputElement,
    message: screen.getByLabelText(/^Message/) as HTMLTextAreaElement,
    consent: screen.getByLabelText('I agree to receive a follow-up') as HTMLInputElement,
    send: screen.getByRole('button', { name: /Send Message/ }),
  };
}

beforeEach(() => toast.mockClear());

describe('MessageForm', () => {
  it('starts with the signed-in e-mail, an empty message and consent checked', () => {
    render(<MessageForm theme={theme} defaultEmail="me@example.com" onSend={jest.fn()} />);
    const { email, message, consent } = fields();
    expect(email.value).toBe('me@example.com');
    expect(message.value).toBe('');
    expect(consent.checked).toBe(true);
    expect(screen.getByText('0/500')).toBeTruthy();
  });

  it('shows the rule messages and sends nothing while the form is invalid', async () => {
    const onSend = jest.fn();
    render(<MessageForm theme={theme} onSend={onSend} />);
    const { email, message, consent, send } = fields();
    fireEvent.change(email, { target: { value: 'nope' } });
    fireEvent.change(message, { target: { value: 'x'.repeat(501) } });
    fireEvent.click(consent);
    await act(async () => fireEvent.click(send));
    expect(screen.getByText('Enter a valid email')).toBeTruthy();
    expect(screen.getByText('Keep the message within 500 characters')).toBeTruthy();
    expect(screen.getByText('Consent is required')).toBeTruthy();
    expect(screen.getByText('501/500')).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('thanks the visitor, clears the message and keeps e-mail and consent', async () => {
    const onSend = jest.fn().mockResolvedValue({});
    render(<MessageForm theme={theme} onSend={onSend} />);
    const { email, message, send } = fields();
    fireEvent.change(email, { target: { value: 'guest@example.com' } });
    fireEvent.change(message, { target: { value: 'Hello there' } });
    await act(async () => fireEvent.click(send));
    expect(onSend).toHaveBeenCalledWith({
      email: 'guest@example.com',
      message: 'Hello there',
      consent: true,
    });
    expect(screen.getByText('Thanks! The owner has received your message.')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Message sent!',
        description: 'Your message has been delivered to the owner.',
      }),
    );
    expect(fields().message.value).toBe('');
    expect(fields().email.value).toBe('guest@example.com');
    expect(fields().consent.checked).toBe(true);
  });

  it('says it could not send, inline and in a destructive toast', async () => {
    const onSend = jest.fn().mockRejectedValue(new ApiError('Messages are turned off', 403));
    render(<MessageForm theme={theme} onSend={onSend} />);
    fireEvent.change(fields().email, { target: { value: 'guest@example.com' } });
    await act(async () => fireEvent.click(fields().send));
    expect(screen.getByText("We couldn't send your message. Please try again in a moment.")).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({
      title: 'Failed to send message',
      description: 'Please try again in a moment.',
      variant: 'destructive',
    });
  });

  it('does nothing on the demo card, and says so politely', async () => {
    render(<MessageForm theme={theme} />);
    expect(screen.getByText(/This is a demo card, so messages are not sent/)).toBeTruthy();
    fireEvent.change(fields().email, { target: { value: 'guest@example.com' } });
    await act(async () => fireEvent.click(fields().send));
    expect(screen.getByText(/Nothing was sent: this is only a demo/)).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
  });

  it('asks for the extra fields the owner chose, marks the optional ones and requires the others', async () => {
    const onSend = jest.fn().mockResolvedValue({});
    render(
      <MessageForm
        theme={theme}
        onSend={onSend}
        fields={{ name: 'required', phone: 'optional', company: 'off' }}
      />,
    );
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    const phone = screen.getByLabelText('Phone (optional)') as HTMLInputElement;
    expect(screen.queryByLabelText(/Company/)).toBeNull();
    expect(name.required).toBe(true);
    expect(name.autocomplete).toBe('name');
    expect(phone.type).toBe('tel');
    expect(phone.required).toBe(false);

    const { email, send } = fields();
    fireEvent.change(email, { target: { value: 'grace@example.com' } });
    await act(async () => fireEvent.click(send));
    expect(screen.getByText('Enter your name')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(onSend).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: 'Grace Hopper' } });
    expect(screen.queryByText('Enter your name')).toBeNull();
    await act(async () => fireEvent.click(send));
    expect(onSend).toHaveBeenCalledWith({
      email: 'grace@example.com',
      name: 'Grace Hopper',
      phone: '',
      message: '',
      consent: true,
    });
  });

  it("shows the server's error under an extra field", async () => {
    const onSend = jest
      .fn()
      .mockRejectedValue(
        new ApiError('Enter your phone number', 400, [
          { field: 'phone', message: 'Enter your phone number' },
        ]),
      );
    render(
      <MessageForm
        theme={theme}
        onSend={onSend}
        fields={{ name: 'off', phone: 'required', company: 'off' }}
      />,
    );
    fireEvent.change(fields().email, { target: { value: 'grace@example.com' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+1 555' } });
    await act(async () => fireEvent.click(fields().send));
    expect(screen.getByText('Enter your phone number')).toBeTruthy();
  });

  it("speaks the app's language: its labels, the rules' messages and the number of characters", async () => {
    await speak('de');
    render(<MessageForm theme={theme} onSend={jest.fn()} />);
    const email = screen.getByLabelText(germanCard.form.email);
    screen.getByRole('heading', { name: germanCard.form.title });
    fireEvent.change(email, { target: { value: 'nope' } });
    fireEvent.click(screen.getByLabelText(germanCard.form.consent));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: germanCard.form.send })));
    expect(screen.getByText(germanCard.errors.email)).toBeTruthy();
    expect(screen.getByText(germanCard.errors.consent)).toBeTruthy();
    expect(screen.queryByText('Enter a valid email')).toBeNull();
  });
});
