import '@/test/text-encoding';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { WebhookMessages, type WebhookEndpointWithSecretResponse } from '@cardcraft/contracts';
import { ApiError, fieldErrorsOf, normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { WebhookFormDialog } from './webhook-form-dialog';

const post = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: { post: (...args: unknown[]) => post(...args) },
  fieldErrorsOf: (error: unknown) => fieldErrorsOf(error),
  normalizeError: (error: unknown) => normalizeError(error),
}));
jest.mock('@/components/ui/toast', () => ({ toast: jest.fn() }));

function renderForm(onCreated = jest.fn()) {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  const Providers = providers(new QueryClient(), store);
  render(
    <Providers>
      <WebhookFormDialog
        base="/api/webhooks"
        endpoint={null}
        cards={[{ id: '0123456789abcdef01234567', label: 'Ada (/u/ada)' }]}
        open
        onOpenChange={jest.fn()}
        onCreated={onCreated}
      />
    </Providers>,
  );
  return onCreated;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));

beforeEach(() => post.mockReset());

describe('the webhook endpoint form', () => {
  it('says what is missing in the API’s words before sending anything', () => {
    renderForm();
    fireEvent.click(screen.getByRole('checkbox', { name: /A visitor leaves a message/ }));
    submit();
    expect(screen.getByText(WebhookMessages.url)).toBeTruthy();
    expect(screen.getByText(WebhookMessages.events)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the chosen events and cards, and hands on the secret it gets back', async () => {
    const made = { id: 'e1', secret: 'whsec_abc' } as WebhookEndpointWithSecretResponse;
    post.mockResolvedValue(made);
    const onCreated = renderForm();
    fireEvent.change(screen.getByLabelText(/Endpoint URL/), {
      target: { value: 'https://hooks.example.com/in' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /A card is published/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Ada/ }));
    submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(made));
    expect(post).toHaveBeenCalledWith(
      '/api/webhooks',
      expect.objectContaining({
        url: 'https://hooks.example.com/in',
        events: ['lead.created', 'card.published'],
        cardIds: ['0123456789abcdef01234567'],
      }),
    );
  });

  it('shows the server’s refusal of a private address under the field', async () => {
    post.mockRejectedValue(
      new ApiError(WebhookMessages.privateAddress, 400, [
        { field: 'url', message: WebhookMessages.privateAddress },
      ]),
    );
    renderForm();
    fireEvent.change(screen.getByLabelText(/Endpoint URL/), { target: { value: 'https://localhost/in' } });
    submit();
    expect((await screen.findAllByText(WebhookMessages.privateAddress)).length).toBeGreaterThan(0);
  });
});
