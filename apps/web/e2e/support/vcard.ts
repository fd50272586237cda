export interface VCardLine {
  name: string;
  params: string[];
  value: string;
}

/** reads a vCard: unfolds continuation lines, splits name, parameters and value */
export function parseVCard(text: string): VCardLine[] {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      const [name, ...params] = line.slice(0, colon).split(';');
      return { name: name.toUpperCase(), params, value: line.slice(colon + 1) };
    });
}

/** undoes the text escaping of rfc 2426 */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\,;nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}
