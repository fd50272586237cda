import '@/test/text-encoding';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ProfileState, type ProfileStateKind } from './profile-state';

describe('ProfileState', () => {
  it.each<[ProfileStateKind, string, string]>([
    ['invalid-handle', 'Profile Not Found', 'Invalid profile handle.'],
    [
      'not-found',
      'Profile not found',
      'This card might be private or no longer published. Double-check the handle or create your own card.',
    ],
    [
      'private',
      'Profile not available',
      'This profile is currently private and not published. Only the owner can access it.',
    ],
  ])('shows the %s state with its texts and a way home', (kind, title, text) => {
    render(
      <MemoryRouter>
        <ProfileState kind={kind} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
  });
});
