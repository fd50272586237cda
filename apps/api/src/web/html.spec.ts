import { escapeHtml, html, SafeHtml } from './html';
import { splitIndexHtml, withPageMeta } from './spa-fallback';

describe('escaping templates', () => {
  it('escapes every character that could end a text or an attribute value', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('keeps replacement patterns and astral characters as the text they are', () => {
    expect(escapeHtml("$1 $2 $& $` $' $$ 🎉")).toBe('$1 $2 $&amp; $` $&#39; $$ 🎉');
  });

  it('escapes interpolated text and inserts only SafeHtml as markup', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p title="${'"x"'}">${inner}${'&'}</p>`).toEqual(
      new SafeHtml('<p title="&quot;x&quot;"><b>&lt;i&gt;</b>&amp;</p>'),
    );
  });
});

describe('the index template', () => {
  const built = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="UTF-8" />',
    '    <meta',
    '      name="description"',
    '      content="Cardcraft: digital business cards."',
    '    />',
    '    <title>Cardcraft</title>',
    '    <script type="module" crossorigin src="/assets/index-abc.js"></script>',
    '  </head>',
    '  <body><div id="root"></div></body>',
    '</html>',
  ].join('\n');

  it("replaces the build's own title and description with the page's, escaped", () => {
    const page = withPageMeta(splitIndexHtml(built), {
      title: 'A <b>title</b>',
      description: '0;url=https://evil.example/$2 http-equiv=refresh x',
      url: 'https://cards.example/u/ada',
      image: null,
    });
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.match(/name="description"/g)).toHaveLength(1);
    expect(page).toContain('<title>A &lt;b&gt;title&lt;/b&gt;</title>');
    expect(page).toContain(
      '<meta name="description" content="0;url=https://evil.example/$2 http-equiv=refresh x" />',
    );
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(page).toContain('<meta charset="UTF-8" />');
    expect(page.endsWith('  </head>\n  <body><div id="root"></div></body>\n</html>')).toBe(true);
  });

  it('serves the build unchanged when the page has no preview of its own', () => {
    expect(splitIndexHtml(built).plain).toBe(built);
  });

  it('refuses a file that is not a page', () => {
    expect(() => splitIndexHtml('not html')).toThrow(/no <\/head>/);
  });
});
