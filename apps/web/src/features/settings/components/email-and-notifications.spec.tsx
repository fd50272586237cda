import '@/test/text-encoding';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { ApiError, fieldErrorsOf, normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { EmailForm } from './email-form';
import { NotificationsCard } from './notifications-card';

const post = jest.fn();
const get = jest.fn();
const patch = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: {
    post: (...args: unknown[]) => post(...args),
    get: (...args: unknown[]) => get(...args),
    patch: (...args: unknown[]) => patch(...args),
  },
  fieldErrorsOf: (error: unknown) => fieldErrorsOf(error),
  normalizeError: (error: unknown) => normalizeError(error),
}));
jest.mock('@/components/ui/toast', () => ({ toast: jest.fn() }));

function renderWith(node: React.ReactNode) {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  store.set({
    userId: 'u1',
    email: 'ada@example.com',
    displayName: 'Ada',
    expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
    activeProfileHandle: '',
  });
  const Providers = providers(new QueryClient({ defaultOptions: { queries: { retry: false } } }), store);
  render(<Providers>{node}</Providers>);
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  post.mockReset();
  get.mockReset();
  patch.mockReset();
});

describe('the e-mail address form', () => {
  it('shows the current address, asks for the new one and the password, and says a link was sent', async () => {
    post.mockResolvedValue({ message: 'sent' });
    renderWith(<EmailForm />);
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change Email' }));
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Current password is required')).toBeTruthy();
    type('New Email', 'Grace@Example.com');
    type('Current Password', 'secret');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Change Email' })));
    expect(post).toHaveBeenCalledWith('/api/account/email', {
      newEmail: 'grace@example.com',
      currentPassword: 'secret',
    });
    expect(screen.getByRole('status').textContent).toContain('We sent a link to grace@example.com.');
    expect((screen.getByLabelText('Current Password') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's answer under its field", async () => {
    post.mockRejectedValue(
      new ApiError('taken', 409, [
        { field: 'newEmail', message: 'An account with this email already exists' },
      ]),
    );
    renderWith(<EmailForm />);
    type('New Email', 'taken@example.com');
    type('Current Password', 'secret');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Change Email' })));
    expect(screen.getByText('An account with this email already exists')).toBeTruthy();
  });
});

describe('the notifications setting', () => {
  it('shows the stored setting and saves a change', async () => {
    get.mockResolvedValue({ notifyOnMessages: true });
    patch.mockResolvedValue({ notifyOnMessages: false });
    renderWith(<NotificationsCard />);
    const toggle = await screen.findByRole('switch', { name: 'E-mail me new messages' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await act(async () => fireEvent.click(toggle));
    expect(patch).toHaveBeenCalledWith('/api/account/settings', { notifyOnMessages: false });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  });
});
