import { toast } from './card-enhance';

// the script sends through the app's api transport, which reads the build's env
jest.mock('@/config/env', () => ({ env: { apiBaseUrl: '', appOrigin: 'https://cards.example' } }));

describe('the card page script toasts', () => {
  it('shows one note at a time, at the top of the screen, read out politely', () => {
    toast('vCard downloaded', 'Contact information saved to your device.', 'success');
    toast('Link copied!', 'Profile link copied to clipboard.', 'success');
    const notes = document.querySelectorAll('[data-toast]');
    expect(notes).toHaveLength(1);
    expect(notes[0].textContent).toContain('Link copied!');
    const region = notes[0].parentElement;
    expect(region?.getAttribute('aria-live')).toBe('polite');
    expect(region?.className).toMatch(/\btop-0\b/);
  });
});
