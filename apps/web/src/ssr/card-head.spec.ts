import { DEMO_PROFILE } from '@/components/public-card/data/demo-profile';
import { cardPreviewVersion } from '@cardcraft/contracts/media';
import { cardTranslator } from '@/i18n/card-translations';
import { cardHead, scriptSafeJson } from './card-head';

const english = cardTranslator('en').getFixedT('en', 'card');
const german = cardTranslator('de').getFixedT('de', 'card');

describe('the head of a server-rendered card', () => {
  it('writes JSON that no text can break out of its script element', () => {
    const hostile = { bio: '</script><script>alert(1)</script> & \u2028 \u2029 <!--' };
    const json = scriptSafeJson(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(hostile);
  });

  it("describes the card's owner as a schema.org Person, with the card's address and image", () => {
    const head = cardHead(
      { ...DEMO_PROFILE, media: { ...DEMO_PROFILE.media, ogImageUrl: null } },
      'https://x.test',
      english,
    );
    expect(head.title).toBe(`${DEMO_PROFILE.displayName} - Digital Business Card`);
    expect(head.url).toBe(`https://x.test/u/${DEMO_PROFILE.handle}`);
    // no social image: the preview the server draws of the card, at the address of its version
    expect(head.image).toBe(
      `https://x.test/u/${DEMO_PROFILE.handle}/preview.png?v=${cardPreviewVersion(DEMO_PROFILE)}`,
    );
    expect(head.imageSize).toEqual({ width: 1200, height: 630 });
    const person = JSON.parse(head.jsonLd) as Record<string, unknown>;
    expect(person).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: DEMO_PROFILE.displayName,
      url: head.url,
      email: DEMO_PROFILE.contact.email,
    });
    expect(person.sameAs).toEqual(expect.arrayContaining(DEMO_PROFILE.socialLinks.map((link) => link.url)));
  });

  it("uses the owner's social preview image as it is, and a new drawn one when the name changes", () => {
    const withImage = {
      ...DEMO_PROFILE,
      media: { ...DEMO_PROFILE.media, ogImageUrl: 'https://img.test/og.png' },
    };
    const own = cardHead(withImage, 'https://x.test', english);
    expect(own.image).toBe('https://img.test/og.png');
    expect(own.imageSize).toBeNull();
    const bare = { ...DEMO_PROFILE, media: { ...DEMO_PROFILE.media, ogImageUrl: null } };
    const renamed = cardHead({ ...bare, displayName: 'Someone Else' }, 'https://x.test', english);
    expect(renamed.image).not.toBe(cardHead(bare, 'https://x.test', english).image);
  });

  it("says the card's title and description in the page's language, and lists the page in every language", () => {
    const bare = {
      ...DEMO_PROFILE,
      tagline: 'Ingenieurin',
      bio: null,
      contact: { ...DEMO_PROFILE.contact, company: 'Acme' },
    };
    const head = cardHead(bare, 'https://x.test', german);
    expect(head.title).toBe(german('meta.title', { name: DEMO_PROFILE.displayName }));
    expect(head.title).not.toBe(cardHead(bare, 'https://x.test', english).title);
    expect(head.description).toBe(german('meta.descriptionAt', { title: 'Ingenieurin', company: 'Acme' }));
    expect(head.description).toContain('Ingenieurin');
    expect(head.alternates).toContainEqual({ language: 'ja', url: `${head.url}?lang=ja` });
    expect(head.alternates.at(-1)).toEqual({ language: 'x-default', url: head.url });
    expect(head.alternates).toHaveLength(11);
  });
});
