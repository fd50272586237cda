import '@/test/text-encoding';
import { render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import englishProfiles from '@/i18n/locales/en/profiles.json';
import japaneseProfiles from '@/i18n/locales/ja/profiles.json';
import { SessionStore } from '@/lib/session';
import { speak } from '@/test/language';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { OnboardingPage } from './onboarding-page';

function renderOnboarding(displayName: string | null) {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  if (displayName !== null) {
    store.set({
      expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
      userId: 'u1',
      email: 'peter@initech.example',
      displayName,
      activeProfileHandle: '',
    });
  }
  const Providers = providers(new QueryClient(), store);
  render(
    <Providers>
      <MemoryRouter>
        <OnboardingPage />
      </MemoryRouter>
    </Providers>,
  );
}

const english = englishProfiles.onboarding;
const japanese = japaneseProfiles.onboarding;

describe('the welcome page', () => {
  it('greets the new owner by first name and shows the three steps to a shared card', () => {
    renderOnboarding('Peter Gibbons');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Cardcraft, Peter!');
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Create your profile',
      'Publish it',
      'Share and track',
    ]);
    expect(steps[2].textContent).toContain('Step 3');
    expect(screen.getByRole('link', { name: 'Create your first card' }).getAttribute('href')).toBe(
      '/dashboard/profile/create',
    );
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toBeTruthy();
    expect(document.title).toBe('Welcome · Cardcraft');
  });

  it('without a name, welcomes without one', () => {
    renderOnboarding(null);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Cardcraft!');
  });

  it("speaks the app's language, the steps and the links too, and no English is left", async () => {
    await speak('ja');
    renderOnboarding('Peter Gibbons');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      japanese.titleNamed.replace('{{name}}', 'Peter'),
    );
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      japanese.steps.create.title,
      japanese.steps.publish.title,
      japanese.steps.share.title,
    ]);
    expect(steps[0].textContent).toContain(japanese.step.replace('{{number}}', '1'));
    expect(screen.getByRole('link', { name: japanese.start })).toBeTruthy();
    expect(screen.getByRole('link', { name: japanese.dashboard })).toBeTruthy();
    expect(document.title).toBe(`${japanese.documentTitle} · Cardcraft`);

    const page = document.body.textContent ?? '';
    for (const text of [
      english.eyebrow,
      english.intro,
      english.start,
      english.lookAround,
      english.dashboard,
      english.steps.create.text,
      english.steps.publish.text,
      english.steps.share.text,
      'Step',
      'Welcome',
    ]) {
      expect(page).not.toContain(text);
    }
  });
});
