/**
 * a web address typed without its scheme ("linkedin.com/in/x", "example.com", "//cdn.example.com/a.png")
 * gets https://; an address with a scheme, an e-mail address or text that is no address stays as typed
 * (the field's own check then says what is wrong)
 */
export function withScheme(value: string): string {
  const text = value.trim();
  // a scheme, not a host and its port ("example.com:8080")
  if (text === '' || /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i.test(text)) return value;
  if (text.startsWith('//')) return `https:${text}`;
  if (/^[^\s@/]+@[^\s@/]+$/.test(text)) return value;
  return /^[^\s/.]+(\.[^\s/.]+)+(?::\d+)?(?:[/?#]\S*)?$/.test(text) ? `https://${text}` : value;
}
