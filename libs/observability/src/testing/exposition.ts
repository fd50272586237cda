/** one sample of Prometheus's text format: its name, labels and value */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** every sample of a scrape (comments left out) */
export function samples(text: string): Sample[] {
  const parsed: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key] = value;
    }
    parsed.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return parsed;
}

/** the value of the sample with exactly these labels, whatever their order; undefined when absent */
export function sampleValue(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = Object.entries(labels);
  return samples(text).find(
    (entry) =>
      entry.name === name &&
      Object.keys(entry.labels).length === wanted.length &&
      wanted.every(([key, value]) => entry.labels[key] === value),
  )?.value;
}
