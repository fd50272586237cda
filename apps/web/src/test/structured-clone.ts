// jsdom has no structuredClone, which the contracts' withLockedValues uses (every browser has it). the
// values it copies are a card's JSON, so a JSON round trip copies them the same
globalThis.structuredClone ??= <T>(value: T): T =>
  value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
