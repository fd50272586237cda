import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY } from './content-security-policy';
import { SECURITY_HEADERS } from './security-headers';
import { REPO_ROOT } from '../testing/paths';

// without its comments, which may name directives in passing (no value below holds a #)
const NGINX_CONF = readFileSync(join(REPO_ROOT, 'infra/nginx/nginx.conf'), 'utf8').replace(/#.*$/gm, '');

/** a directive's value as nginx reads it: unquoted, or in double quotes */
function unquote(value: string): string {
  return value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

/** the default value of each `map ... $name { default "..."; }` */
function mapDefaults(conf: string): Record<string, string> {
  const maps: Record<string, string> = {};
  for (const [, name, body] of conf.matchAll(/map\s+\S+\s+\$(\w+)\s*\{([^}]*)\}/g)) {
    const fallback = /^\s*default\s+("[^"]*"|\S+);/m.exec(body);
    if (fallback) maps[name] = unquote(fallback[1]);
  }
  return maps;
}

/** the body of every location block, by its match ("/assets/", "= /index.html", ...) */
function locations(conf: string): Record<string, string> {
  const blocks: Record<string, string> = {};
  for (const [, match, body] of conf.matchAll(/location\s+([^{]+?)\s*\{([^}]*)\}/g)) blocks[match] = body;
  return blocks;
}

/** the headers a location adds, lower-cased names, variables resolved; and whether each is sent always */
function addedHeaders(body: string, variables: Record<string, string>) {
  const headers: Record<string, { value: string; always: boolean }> = {};
  for (const [, name, raw, always] of body.matchAll(/add_header\s+(\S+)\s+("[^"]*"|\S+)(\s+always)?\s*;/g)) {
    const value = unquote(raw);
    headers[name.toLowerCase()] = {
      value: value.startsWith('$') ? (variables[value.slice(1)] ?? `unresolved ${value}`) : value,
      always: always !== undefined,
    };
  }
  return headers;
}

describe("the cluster's nginx", () => {
  const variables = mapDefaults(NGINX_CONF);
  const blocks = locations(NGINX_CONF);

  it("holds the API's content security policy and permissions policy, character for character", () => {
    expect(variables.content_security_policy).toBe(CONTENT_SECURITY_POLICY);
    expect(variables.permissions_policy).toBe(PERMISSIONS_POLICY);
  });

  it.each(['/assets/', '= /index.html', '= /manifest.webmanifest', '/'])(
    'sends every security header of the API from location %s, on errors too',
    (location) => {
      expect(blocks[location]).toBeDefined();
      const headers = addedHeaders(blocks[location], variables);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect([name, headers[name]]).toEqual([name, { value, always: true }]);
      }
    },
  );

  it('leaves the headers of /api/ answers to the API (no second copy of each)', () => {
    expect(addedHeaders(blocks['/api/'], variables)).toEqual({});
  });
});
