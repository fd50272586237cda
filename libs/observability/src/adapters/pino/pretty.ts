/**
 * the human-readable form of a JSON log line, for a terminal: time, level, scope, message, then the
 * other fields as key=value. what is not a JSON object is passed through as it is.
 */
const LEVEL_COLOURS: Record<string, string> = {
  trace: '\x1b[90m',
  debug: '\x1b[90m',
  info: '\x1b[32m',
  warn: '\x1b[33m',
  error: '\x1b[31m',
  fatal: '\x1b[35m',
};
const RESET = '\x1b[0m';
const DIM = '\x1b[2m';
// shown in their own place, or of no use to a reader at a terminal
const OWN_PLACE = new Set(['time', 'level', 'msg', 'service', 'context', 'pid', 'hostname']);

function fieldValue(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

export function formatLogLine(line: string, colour: boolean): string {
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return line;
    entry = parsed as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 23) : '';
  const level = String(entry.level ?? 'info');
  const levelText = level.toUpperCase().padEnd(5);
  const scope = [entry.service, entry.context].filter((part) => typeof part === 'string').join(' ');
  const fields: string[] = [];
  let stack = '';
  for (const [key, value] of Object.entries(entry)) {
    if (OWN_PLACE.has(key) || value === undefined) continue;
    if (key === 'err' && typeof value === 'object' && value !== null && 'stack' in value) {
      stack = `\n${String((value as { stack: unknown }).stack)}`;
      continue;
    }
    fields.push(`${key}=${fieldValue(value)}`);
  }
  const paint = (code: string | undefined, text: string) =>
    colour && code ? `${code}${text}${RESET}` : text;
  const extra = fields.length > 0 ? `  ${paint(DIM, fields.join(' '))}` : '';
  return `${time} ${paint(LEVEL_COLOURS[level], levelText)} ${scope ? `[${scope}] ` : ''}${String(entry.msg ?? '')}${extra}${stack}\n`;
}
