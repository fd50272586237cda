import { matchSocialPlatform, socialLinkLabel } from './social';

describe('matchSocialPlatform', () => {
  it.each([
    ['LinkedIn', 'linkedin'],
    ['linkedin', 'linkedin'],
    ['Twitter', 'x'],
    ['Twitter/X', 'x'],
    ['X', 'x'],
    ['GitHub', 'github'],
    ['Instagram', 'instagram'],
    ['YouTube', 'youtube'],
    ['TikTok', 'tiktok'],
    ['Facebook', 'facebook'],
    ['Dribbble', 'dribbble'],
    ['GitLab', 'gitlab'],
    ['Twitch', 'twitch'],
    ['E-mail', 'email'],
  ])('matches the provider name %s', (provider, platform) => {
    expect(matchSocialPlatform(provider)).toBe(platform);
  });

  it('does not read short names inside longer ones', () => {
    expect(matchSocialPlatform('Xing')).toBe('website');
    expect(matchSocialPlatform('Figma')).toBe('website');
  });

  it('falls back to the host of the link', () => {
    expect(matchSocialPlatform('Code', 'https://github.com/ada')).toBe('github');
    expect(matchSocialPlatform('Me', 'https://x.com/ada')).toBe('x');
    expect(matchSocialPlatform('Write me', 'mailto:ada@example.com')).toBe('email');
    expect(matchSocialPlatform('Other', 'https://notgithub.com/ada')).toBe('website');
  });

  it('shows a globe for anything else', () => {
    expect(matchSocialPlatform('Portfolio', 'https://ada.example')).toBe('website');
    expect(matchSocialPlatform('', 'not a url')).toBe('website');
  });
});

describe('socialLinkLabel', () => {
  it('prefers the link label, then the platform name, then the provider', () => {
    expect(socialLinkLabel({ provider: 'linkedin', label: 'Work profile' })).toBe('Work profile');
    expect(socialLinkLabel({ provider: 'twitter', label: ' ' })).toBe('X (Twitter)');
    expect(socialLinkLabel({ provider: 'Mastodon', label: null })).toBe('Mastodon');
  });
});
