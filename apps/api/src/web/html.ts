// the only way user text gets into served HTML: a template whose every interpolation is escaped.
// escaping walks the characters instead of a regex replacement, so no text can ever be read as a
// replacement pattern ($1, $&, ...).

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** text made safe for an element's content or a quoted attribute value */
export function escapeHtml(value: string): string {
  let escaped = '';
  for (const char of value) escaped += HTML_ESCAPES[char] ?? char;
  return escaped;
}

/** markup that is already safe: a template's output, or trusted text of our own */
export class SafeHtml {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

/** html`<p>${text}</p>`: the literal parts are ours, every value is escaped unless it is SafeHtml */
export function html(literals: TemplateStringsArray, ...values: (string | SafeHtml)[]): SafeHtml {
  let markup = literals[0];
  values.forEach((value, index) => {
    markup += value instanceof SafeHtml ? value.markup : escapeHtml(value);
    markup += literals[index + 1];
  });
  return new SafeHtml(markup);
}
