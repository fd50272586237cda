import '@/test/text-encoding';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ProfileResponse } from '@cardcraft/contracts';
import { DashboardLayout } from '@/components/layout/dashboard-layout';
import { useSelectedProfile } from './profiles';
import { signedInProviders } from '@/test/providers';

const get = jest.fn();
jest.mock('./api-client', () => ({ api: { get: (...args: unknown[]) => get(...args) } }));
// the layout registers the service worker in a production build only
jest.mock('@/config/env', () => ({
  env: { apiBaseUrl: '', appOrigin: 'http://localhost', serviceWorker: false },
}));

const cards = [
  { id: 'p1', handle: 'ada', displayName: 'Ada', published: true },
  { id: 'p2', handle: 'grace', displayName: 'Grace', published: true },
] as ProfileResponse[];

function signedIn() {
  return signedInProviders();
}

/** shows where the router is, for the test to read */
function Where() {
  const here = useLocation();
  return <output data-testid="where">{`${here.pathname}${here.search}`}</output>;
}

beforeEach(() => get.mockReset().mockResolvedValue(cards));

describe('the picked card of Analytics and Leads', () => {
  it('is read from ?card= and written there when another is picked', async () => {
    const Providers = signedIn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Providers>
        <MemoryRouter initialEntries={['/dashboard/analytics?card=grace']}>
          {children}
          <Where />
        </MemoryRouter>
      </Providers>
    );
    const { result } = renderHook(() => useSelectedProfile(), { wrapper });
    await waitFor(() => expect(result.current.profile?.handle).toBe('grace'));
    act(() => result.current.setSelectedId('p1'));
    expect(result.current.profile?.handle).toBe('ada');
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/analytics?card=ada');
  });

  it('is the first card when the address names none', async () => {
    const Providers = signedIn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Providers>
        <MemoryRouter initialEntries={['/dashboard/leads']}>{children}</MemoryRouter>
      </Providers>
    );
    const { result } = renderHook(() => useSelectedProfile(), { wrapper });
    await waitFor(() => expect(result.current.profile?.handle).toBe('ada'));
  });

  it('goes along when moving between Analytics and Leads', () => {
    const Providers = signedIn();
    render(
      <Providers>
        <MemoryRouter initialEntries={['/dashboard/leads?card=grace']}>
          <Routes>
            <Route path="/dashboard" element={<DashboardLayout />}>
              <Route path="leads" element={<p>leads</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </Providers>,
    );
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    const href = (name: string) =>
      [...nav.querySelectorAll('a')].find((a) => a.textContent === name)?.getAttribute('href');
    expect(href('Analytics')).toBe('/dashboard/analytics?card=grace');
    expect(href('Leads')).toBe('/dashboard/leads?card=grace');
    expect(href('Settings')).toBe('/dashboard/settings');
    // the thing people make is called a profile everywhere, as in Create Profile
    expect(href('Profiles')).toBe('/dashboard/home');
  });
});
