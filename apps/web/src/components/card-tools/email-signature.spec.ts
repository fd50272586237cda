import i18next from 'i18next';
import { contrastRatio, type ProfileResponse, type TeamBrandResponse } from '@cardcraft/contracts';
import {
  escapeHtml,
  signatureCardUrl,
  signatureHtml,
  signatureSource,
  signatureText,
  type SignatureSource,
} from './email-signature';

const t = i18next.getFixedT('en', 'common');

const source = (patch: Partial<SignatureSource> = {}): SignatureSource => ({
  displayName: 'Ada Lovelace',
  title: 'Analytical engine whisperer',
  company: 'Analytical Engines Ltd',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  photoUrl: 'https://img.example.com/ada.png',
  cardUrl: 'https://cards.example.com/u/ada?src=signature',
  accent: '#4338ca',
  ...patch,
});

/** the signature parsed as a mail client would: a DOM of the HTML */
function parse(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
}

describe('the e-mail signature', () => {
  it('links the card with src=signature', () => {
    expect(signatureCardUrl('https://cards.example.com/', 'ada')).toBe(
      'https://cards.example.com/u/ada?src=signature',
    );
    const links = [...parse(signatureHtml(source(), t)).querySelectorAll('a')].map((a) =>
      a.getAttribute('href'),
    );
    expect(links).toEqual([
      'https://cards.example.com/u/ada?src=signature',
      'mailto:ada@example.com',
      'tel:+442079460958',
      'https://cards.example.com/u/ada?src=signature',
    ]);
  });

  it('is one table with inline styles only: no classes, style blocks or scripts', () => {
    const html = signatureHtml(source(), t);
    expect(html.startsWith('<table')).toBe(true);
    expect(html).not.toMatch(/class=|<style|<script|<div/);
    const dom = parse(html);
    const image = dom.querySelector('img')!;
    expect(image.getAttribute('width')).toBe('72');
    expect(image.getAttribute('alt')).toBe('Ada Lovelace');
    expect(dom.textContent).toContain('Analytical engine whisperer · Analytical Engines Ltd');
    expect(dom.textContent).toContain('View my digital card →');
  });

  it('escapes every text and attribute', () => {
    const hostile = source({
      displayName: '<img src=x onerror=alert(1)> "Ada" & Co',
      title: '</td></tr></table><script>alert(1)</script>',
      company: "O'Brien & <b>Sons</b>",
      email: 'a"onmouseover="alert(1)@example.com',
      phone: '<b>1</b>',
      photoUrl: 'https://img.example.com/a.png?x="><script>alert(1)</script>',
    });
    const html = signatureHtml(hostile, t);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    const dom = parse(html);
    expect(dom.querySelectorAll('script, b')).toHaveLength(0);
    expect(dom.querySelectorAll('img')).toHaveLength(1);
    expect(dom.querySelector('img')!.getAttribute('alt')).toBe('<img src=x onerror=alert(1)> "Ada" & Co');
    expect(dom.textContent).toContain("O'Brien & <b>Sons</b>");
    for (const element of dom.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) expect(attribute).not.toMatch(/^on/);
    }
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('leaves out a photo or link that is not http(s), and empty lines', () => {
    const dom = parse(
      signatureHtml(
        source({
          photoUrl: 'javascript:alert(1)',
          title: null,
          company: '  ',
          email: null,
          phone: null,
          accent: 'red;background:url(x)',
        }),
        t,
      ),
    );
    expect(dom.querySelector('img')).toBeNull();
    expect(dom.innerHTML).not.toContain('javascript:');
    expect(dom.innerHTML).not.toContain('url(x)');
    expect(dom.querySelectorAll('tr')).toHaveLength(3);
    const dangerous = parse(signatureHtml(source({ cardUrl: 'javascript:alert(1)' }), t));
    expect(dangerous.innerHTML).not.toContain('javascript:');
  });

  it('has a plain-text twin', () => {
    expect(signatureText(source(), t)).toBe(
      [
        'Ada Lovelace',
        'Analytical engine whisperer · Analytical Engines Ltd',
        'ada@example.com | +44 20 7946 0958',
        'My digital card: https://cards.example.com/u/ada?src=signature',
      ].join('\n'),
    );
  });

  it('is built from the card, with a relative photo made absolute against the card site', () => {
    const profile = {
      handle: 'ada',
      displayName: 'Ada',
      tagline: 'Engineer',
      theme: 'solar',
      contact: { company: 'AE', email: null, phoneNumber: null },
      media: { avatarUrl: '/media/avatars/abc.jpg' },
    } as unknown as ProfileResponse;
    expect(signatureSource(profile, 'https://cards.example.com')).toMatchObject({
      photoUrl: 'https://cards.example.com/media/avatars/abc.jpg',
      cardUrl: 'https://cards.example.com/u/ada?src=signature',
      accent: '#c2410c',
      title: 'Engineer',
      company: 'AE',
    });
  });

  it("of a team card, takes the brand's colour, dark enough on white, and its company when the card has none", () => {
    const card = {
      handle: 'peter',
      displayName: 'Peter',
      tagline: null,
      theme: 'aurora',
      contact: { company: null, email: null, phoneNumber: null },
      media: { avatarUrl: null },
    } as unknown as ProfileResponse;
    const brand: TeamBrandResponse = {
      companyName: 'Initech',
      logoUrl: null,
      bannerUrl: null,
      website: null,
      primaryColor: '#1d4ed8',
      secondaryColor: null,
    };
    expect(signatureSource(card, 'https://cards.example.com', brand)).toMatchObject({
      accent: '#1d4ed8',
      company: 'Initech',
    });
    // a light brand colour is darkened to read as a link on white
    const light = signatureSource(card, 'https://cards.example.com', { ...brand, primaryColor: '#facc15' });
    expect(contrastRatio(light.accent, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const named = { ...card, contact: { ...card.contact, company: 'Initech Sales' } };
    expect(signatureSource(named, 'https://cards.example.com', brand).company).toBe('Initech Sales');
  });
});
