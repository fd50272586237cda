/** the small pieces the analytics mails' HTML is made of, escaped where text goes in */

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

export function paragraph(html: string): string {
  return `<p style="margin:0 0 16px">${html}</p>`;
}

export function link(href: string, label = href): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
}

export function heading(text: string): string {
  return `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(text)}</h2>`;
}

/** a table of label and value rows, the value right-aligned */
export function table(rows: Array<[string, string]>): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0">${escapeHtml(label)}</td>` +
        `<td style="padding:4px 0;text-align:right">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${cells}</table>`;
}

export function document(body: string): string {
  return (
    '<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;' +
    `font-size:15px;line-height:1.5;color:#111827;max-width:560px">\n${body}\n</body></html>`
  );
}
