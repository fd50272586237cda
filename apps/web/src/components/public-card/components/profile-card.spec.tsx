import '@/test/text-encoding';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { PublicProfileResponse, ViewerType } from '@cardcraft/contracts/responses';
import { DEMO_PROFILE } from '../data/demo-profile';
import { ProfileCard } from './profile-card';

const saveBlob = jest.fn();
jest.mock('@/lib/api-client', () => ({ saveBlob: (...args: unknown[]) => saveBlob(...args) }));
const toast = jest.fn();
jest.mock('@/components/ui/use-toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

function renderCard(overrides: Partial<PublicProfileResponse> = {}, viewer: ViewerType = 'guest') {
  const track = jest.fn();
  const profile = { ...DEMO_PROFILE, ...overrides };
  render(
    <MemoryRouter>
      <ProfileCard
        profile={profile}
        viewer={viewer}
        profileUrl="https://cards.example/u/alex-morgan"
        track={track}
      />
    </MemoryRouter>,
  );
  return { track, profile };
}

beforeEach(() => {
  saveBlob.mockClear();
  toast.mockClear();
});

describe('ProfileCard', () => {
  it('shows the name, tagline, company and bio', () => {
    renderCard();
    expect(screen.getByRole('heading', { level: 1, name: 'Alex Morgan' })).toBeTruthy();
    expect(screen.getByText(DEMO_PROFILE.tagline ?? '')).toBeTruthy();
    expect(screen.getAllByText('Northwind Studio').length).toBeGreaterThan(0);
    expect(screen.getByText(DEMO_PROFILE.bio ?? '')).toBeTruthy();
  });

  it('links e-mail and phone, shows the location as text and opens the website in a new tab', () => {
    renderCard();
    const email = within(screen.getByTestId('contact-email')).getByRole('link');
    expect(email.getAttribute('href')).toBe('mailto:alex@northwind.example');
    const phone = within(screen.getByTestId('contact-phone')).getByRole('link');
    expect(phone.getAttribute('href')).toBe('tel:+14155550132');
    expect(within(screen.getByTestId('contact-location')).queryByRole('link')).toBeNull();
    const website = within(screen.getByTestId('contact-website')).getByRole('link');
    expect(website.getAttribute('target')).toBe('_blank');
    expect(website.getAttribute('rel')).toContain('noopener');
  });

  it('offers Email and Call only where a value exists', () => {
    renderCard({ contact: { ...DEMO_PROFILE.contact, email: null, phoneNumber: '' } });
    expect(screen.queryByRole('link', { name: 'Email' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Call' })).toBeNull();
    expect(screen.getByRole('button', { name: /Save Contact/ })).toBeTruthy();
    // without script, Share is the card's own link
    expect(screen.getByRole('link', { name: 'Share' }).getAttribute('href')).toBe(
      'https://cards.example/u/alex-morgan',
    );
  });

  it("links Save Contact to the server's contact file where there is one, so it works without script", () => {
    render(
      <ProfileCard
        profile={DEMO_PROFILE}
        viewer="guest"
        profileUrl="https://cards.example/u/alex-morgan"
        contactFileUrl="/u/alex-morgan/contact.vcf"
        track={jest.fn()}
      />,
    );
    const save = screen.getByRole('link', { name: /Save Contact/ });
    expect(save.getAttribute('href')).toBe('/u/alex-morgan/contact.vcf');
    expect(save.getAttribute('download')).toBe('alex-morgan.vcf');
    // the page's script finds its buttons by these names
    expect(save.getAttribute('data-card-action')).toBe('save-contact');
    expect(screen.getByRole('link', { name: 'Share' }).getAttribute('data-card-action')).toBe('share');
  });

  it('says that the contact is being opened when Email is pressed', () => {
    const { track } = renderCard();
    fireEvent.click(screen.getByRole('link', { name: 'Email' }));
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Contact initiated',
        description: 'Opening email or phone client...',
      }),
    );
    expect(track).toHaveBeenCalledWith('email_clicked');
    fireEvent.click(screen.getByRole('link', { name: 'Call' }));
    expect(track).toHaveBeenCalledWith('call_clicked');
  });

  it('downloads {handle}.vcf on Save Contact and says so', async () => {
    const { track } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: /Save Contact/ }));
    expect(saveBlob).toHaveBeenCalledTimes(1);
    const [blob, name] = saveBlob.mock.calls[0] as [Blob, string];
    expect(name).toBe('alex-morgan.vcf');
    expect(blob.type).toBe('text/vcard;charset=utf-8');
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'vCard downloaded',
        description: 'Contact information saved to your device.',
      }),
    );
    expect(track).toHaveBeenCalledWith('vcard_saved');
  });

  it('opens every social link in a new tab and counts the click', () => {
    const { track } = renderCard();
    const links = within(screen.getByRole('list', { name: 'Social links' })).getAllByRole('link');
    expect(links).toHaveLength(DEMO_PROFILE.socialLinks.length);
    for (const link of links) expect(link.getAttribute('target')).toBe('_blank');
    fireEvent.click(links[0]);
    expect(track).toHaveBeenCalledWith('link_clicked', 'https://www.linkedin.com/in/alex-morgan');
  });

  it('makes a highlighted link stand out by its name written beside the icon, not by colour only', () => {
    renderCard({
      socialLinks: [
        { provider: 'LinkedIn', label: null, url: 'https://linkedin.com/in/alex', highlight: true, order: 0 },
        { provider: 'GitHub', label: null, url: 'https://github.com/alex', highlight: false, order: 1 },
      ],
    });
    const list = within(screen.getByRole('list', { name: 'Social links' }));
    const featured = list.getByRole('link', { name: 'LinkedIn (opens in a new tab)' });
    const plain = list.getByRole('link', { name: 'GitHub (opens in a new tab)' });
    expect(featured.hasAttribute('data-highlight')).toBe(true);
    expect(featured.textContent).toBe('LinkedIn');
    expect(plain.hasAttribute('data-highlight')).toBe(false);
    expect(plain.textContent).toBe('');
    expect(featured.className).not.toBe(plain.className);
  });

  it.each([
    ['owner', 'Your Profile'],
    ['user', 'Viewing as User'],
    ['guest', 'Guest View'],
  ] as const)('shows the %s badge', (viewer, label) => {
    renderCard({}, viewer);
    expect(screen.getByTestId('viewer-badge').textContent).toBe(label);
  });

  it('lists the visible blocks by order under More About Me, with hints for empty ones', () => {
    renderCard({
      blocks: [
        {
          id: 'q',
          type: 'quote',
          title: 'Second',
          subtitle: null,
          payloadJson: '{"quote":"Hi"}',
          visible: true,
          order: 2,
        },
        {
          id: 'h',
          type: 'links',
          title: 'Hidden',
          subtitle: null,
          payloadJson: '{}',
          visible: false,
          order: 0,
        },
        {
          id: 'e',
          type: 'embed',
          title: 'First',
          subtitle: null,
          payloadJson: 'oops',
          visible: true,
          order: 1,
        },
      ],
    });
    const section = screen.getByRole('region', { name: 'More About Me' });
    const titles = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['First', 'Second']);
    expect(within(section).getByText('Configure this block to see content.')).toBeTruthy();
    expect(within(section).getByText('Paste an embeddable URL (YouTube, Loom, etc.).')).toBeTruthy();
  });

  it('frames an allowlisted embed lazily at 12rem and links anything else', () => {
    renderCard({
      blocks: [
        {
          id: 'y',
          type: 'embed',
          title: 'Talk',
          subtitle: null,
          payloadJson: '{"embedUrl":"https://youtu.be/dQw4w9WgXcQ"}',
          visible: true,
          order: 0,
        },
        {
          id: 'o',
          type: 'embed',
          title: 'Other',
          subtitle: null,
          payloadJson: '{"embedUrl":"https://example.com/x"}',
          visible: true,
          order: 1,
        },
      ],
    });
    const frame = screen.getByTitle('Talk (YouTube)');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(frame.className).toContain('h-[12rem]');
    expect(screen.getByRole('link', { name: /example\.com\/x/ }).getAttribute('href')).toBe(
      'https://example.com/x',
    );
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it.each(['aurora', 'noir', 'solar'] as const)(
    'falls back to the neon layout and keeps the %s theme',
    (theme) => {
      renderCard({ theme, layout: 'unknown' as PublicProfileResponse['layout'] });
      const root = document.querySelector('[data-theme]');
      expect(root?.getAttribute('data-theme')).toBe(theme);
      expect(root?.getAttribute('data-layout')).toBe('neon');
    },
  );

  it('links the footer back to the landing page', () => {
    renderCard();
    expect(screen.getByRole('link', { name: 'Create yours' }).getAttribute('href')).toBe('/');
  });
});
