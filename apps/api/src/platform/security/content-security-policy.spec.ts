import { createHash } from 'node:crypto';
import { CONTENT_SECURITY_POLICY, cardPagePolicy } from './content-security-policy';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** the directives of a policy, by name */
const directives = (policy: string) =>
  new Map(policy.split(';').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

describe("a server-rendered card page's policy", () => {
  const css = 'body{margin:0}.card{color:red}';
  const page =
    `<!DOCTYPE html><html><head><style>${css}</style></head><body>` +
    '<div style="--color-ring:#4f46e5;--card-accent:#8f7200"><div class="banner" ' +
    'style="background-image:url(&quot;https://img.example/a.png?x=1&amp;y=2&quot;)"></div>' +
    '<p>style=&quot;color:blue&quot; said the owner</p>' +
    '<div style="--color-ring:#4f46e5;--card-accent:#8f7200"></div></div></body></html>';

  it('names its stylesheet and each distinct style attribute by hash, and allows no other inline style', () => {
    const policy = cardPagePolicy(page);
    expect(directives(policy).get('style-src')).toEqual([
      "'self'",
      hash(css),
      "'unsafe-hashes'",
      // the attribute as the browser reads it: the entities decoded
      hash('--color-ring:#4f46e5;--card-accent:#8f7200'),
      hash('background-image:url("https://img.example/a.png?x=1&y=2")'),
      // an empty style attribute applies nothing
      hash(''),
    ]);
    expect(policy).not.toContain("'unsafe-inline'");
  });

  it('keeps every other directive of every page', () => {
    const without = (policy: string) => [...directives(policy)].filter(([name]) => name !== 'style-src');
    expect(without(cardPagePolicy(page))).toEqual(without(CONTENT_SECURITY_POLICY));
  });

  it('allows only the empty style attribute on a page without any', () => {
    expect(directives(cardPagePolicy(`<style>${css}</style><p>hi</p>`)).get('style-src')).toEqual([
      "'self'",
      hash(css),
      "'unsafe-hashes'",
      hash(''),
    ]);
  });
});
