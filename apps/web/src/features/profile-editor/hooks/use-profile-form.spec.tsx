import '@/test/text-encoding';
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ProfileResponse } from '@cardcraft/contracts';
import { ApiError, fieldErrorsOf, normalizeError } from '@/lib/api-error';
import { signedInProviders } from '@/test/providers';
import { useProfileForm } from './use-profile-form';

const post = jest.fn();
const put = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: {
    get: jest.fn(),
    post: (...args: unknown[]) => post(...args),
    put: (...args: unknown[]) => put(...args),
  },
  fieldErrorsOf: (error: unknown) => fieldErrorsOf(error),
  normalizeError: (error: unknown) => normalizeError(error),
}));

const stored = { id: 'p1', handle: 'ada', displayName: 'Ada Lovelace' } as ProfileResponse;

/** the hook under the app's providers, in a router that says where it is */
function renderForm() {
  const Providers = signedInProviders('');
  const where = { pathname: '', state: null as unknown };
  function Location() {
    const location = useLocation();
    where.pathname = location.pathname;
    where.state = location.state;
    return null;
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers>
      <MemoryRouter initialEntries={['/dashboard/profile/create']}>
        <Routes>
          <Route path="*" element={<Location />} />
        </Routes>
        {children}
      </MemoryRouter>
    </Providers>
  );
  return { ...renderHook(() => useProfileForm('create'), { wrapper }), where };
}

const typed = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>;
const submitEvent = () => ({ preventDefault: () => {} }) as FormEvent<HTMLFormElement>;

beforeEach(() => {
  post.mockReset();
  put.mockReset();
});

describe('useProfileForm', () => {
  it('counts as changed once a value differs from what it started with', () => {
    const { result } = renderForm();
    expect(result.current.dirty).toBe(false);
    act(() => result.current.fields.textField('displayName').onChange(typed('Ada')));
    expect(result.current.dirty).toBe(true);
    act(() => result.current.fields.textField('displayName').onChange(typed('')));
    expect(result.current.dirty).toBe(false);
  });

  it('checks nothing until a save is tried, then saves nothing while a field is wrong', async () => {
    const { result } = renderForm();
    expect(result.current.errors).toEqual({});
    await act(() => result.current.onSubmit(submitEvent()));
    expect(result.current.errors.displayName).toBe('Display name required');
    expect(post).not.toHaveBeenCalled();
  });

  it("shows the server's field errors until their field changes, and what went wrong", async () => {
    post.mockRejectedValue(
      new ApiError('Validation failed', 400, [{ field: 'handle', message: 'Handle taken' }]),
    );
    const { result } = renderForm();
    act(() => result.current.fields.textField('handle').onChange(typed('ada')));
    act(() => result.current.fields.textField('displayName').onChange(typed('Ada Lovelace')));
    await act(() => result.current.onSubmit(submitEvent()));
    expect(result.current.errors).toEqual({ handle: 'Handle taken' });
    expect(result.current.submitError).toBe('Validation failed');

    act(() => result.current.fields.textField('handle').onChange(typed('ada-2')));
    expect(result.current.errors).toEqual({});
  });

  it('saves, no longer counts as changed, and goes to the dashboard with a message', async () => {
    post.mockResolvedValue(stored);
    const { result, where } = renderForm();
    act(() => result.current.fields.textField('handle').onChange(typed('ada')));
    act(() => result.current.fields.textField('displayName').onChange(typed('Ada Lovelace')));
    await act(() => result.current.onSubmit(submitEvent()));
    expect(result.current.dirty).toBe(false);
    expect(result.current.savedAt).toBeInstanceOf(Date);
    expect(where.pathname).toBe('/dashboard/home');
    expect(where.state).toEqual({ message: 'Profile "Ada Lovelace" created successfully!' });
  });
});
