import '@/test/text-encoding';
import { render, screen } from '@testing-library/react';
import type { CardBrand } from '@cardcraft/contracts/team.dto';
import type { PublicProfileResponse } from '@cardcraft/contracts/responses';
import { DEMO_PROFILE } from '../data/demo-profile';
import { ProfileCard } from './profile-card';

jest.mock('@/lib/api-client', () => ({ saveBlob: jest.fn() }));
jest.mock('@/components/ui/use-toast', () => ({ toast: jest.fn() }));

const BRAND: CardBrand = {
  companyName: 'Initech',
  logoUrl: 'https://cdn.example/initech.png',
  website: 'https://initech.example',
  accentColor: '#8f7200',
  onAccentColor: '#ffffff',
};

function renderCard(overrides: Partial<PublicProfileResponse>) {
  render(
    <ProfileCard
      profile={{ ...DEMO_PROFILE, ...overrides }}
      viewer="guest"
      profileUrl="https://cards.example/u/alex-morgan"
      track={jest.fn()}
    />,
  );
  return document.querySelector<HTMLElement>('[data-theme]');
}

describe('a team card in its brand', () => {
  it.each(['neon', 'minimal', 'split'] as const)(
    'sets the colours on the card and paints its primary buttons with them (%s)',
    (layout) => {
      const root = renderCard({ theme: 'noir', layout, brand: BRAND });
      expect(root?.style.getPropertyValue('--card-accent')).toBe('#8f7200');
      expect(root?.style.getPropertyValue('--card-on-accent')).toBe('#ffffff');
      // the focus ring takes the brand's colour too
      expect(root?.style.getPropertyValue('--color-ring')).toBe('#8f7200');
      const save = screen.getByRole('button', { name: /Save Contact/ });
      expect(save.className).toContain('bg-(--card-accent)');
      expect(save.className).toContain('text-(--card-on-accent)');
      // noir's own black is gone from it; its square shape and type stay
      expect(save.className).not.toContain('bg-black');
      expect(save.className).toContain('rounded-none');
    },
  );

  it.each(['neon', 'minimal', 'split'] as const)(
    'shows the logo and the company, linked to the website, once (%s)',
    (layout) => {
      renderCard({ layout, brand: BRAND });
      const company = screen.getByRole('link', { name: /^Initech/ });
      expect(company.getAttribute('href')).toBe('https://initech.example');
      expect(company.getAttribute('target')).toBe('_blank');
      expect(document.querySelector('img[src="https://cdn.example/initech.png"]')).toBeTruthy();
      // the brand's company replaces the card's own company line, not beside it
      expect(screen.queryByText('Northwind Studio')).toBeNull();
    },
  );

  it('leaves a card without a brand in its theme', () => {
    const root = renderCard({ theme: 'solar', brand: null });
    expect(root?.style.getPropertyValue('--card-accent')).toBe('');
    const save = screen.getByRole('button', { name: /Save Contact/ });
    expect(save.className).toContain('bg-orange-700');
    expect(screen.getAllByText('Northwind Studio').length).toBeGreaterThan(0);
  });

  it('keeps the theme colours when the brand has no colour, and still shows its logo', () => {
    renderCard({ theme: 'solar', brand: { ...BRAND, accentColor: null, onAccentColor: null } });
    expect(screen.getByRole('button', { name: /Save Contact/ }).className).toContain('bg-orange-700');
    expect(document.querySelector('img[src="https://cdn.example/initech.png"]')).toBeTruthy();
  });
});
