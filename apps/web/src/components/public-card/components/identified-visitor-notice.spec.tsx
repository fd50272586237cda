import '@/test/text-encoding';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ViewerType } from '@cardcraft/contracts/responses';
import { DEMO_PROFILE } from '../data/demo-profile';
import { ProfileCard } from './profile-card';

jest.mock('@/lib/api-client', () => ({ saveBlob: jest.fn() }));
jest.mock('@/components/ui/use-toast', () => ({ toast: jest.fn() }));

function renderCard(viewer: ViewerType, ownerSeesVisitorNames: boolean, layout = DEMO_PROFILE.layout) {
  render(
    <MemoryRouter>
      <ProfileCard
        profile={{ ...DEMO_PROFILE, ownerSeesVisitorNames, layout }}
        viewer={viewer}
        profileUrl="https://cards.example/u/alex-morgan"
        track={jest.fn()}
      />
    </MemoryRouter>,
  );
}

const NOTICE = 'Alex Morgan will see your name in their visitor list.';

describe('the notice that the owner sees signed-in visitors by name', () => {
  it.each(['neon', 'minimal', 'split'] as const)(
    'tells a signed-in visitor, in the card header (%s layout)',
    (layout) => {
      renderCard('user', true, layout);
      const header = screen.getByRole('banner');
      expect(within(header).getByTestId('identified-visitor-notice').textContent).toBe(NOTICE);
    },
  );

  it.each<[ViewerType, boolean]>([
    ['user', false],
    ['guest', true],
    ['owner', true],
  ])('says nothing to the viewer %s (owner sees names: %s)', (viewer, ownerSeesVisitorNames) => {
    renderCard(viewer, ownerSeesVisitorNames);
    expect(screen.queryByTestId('identified-visitor-notice')).toBeNull();
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
