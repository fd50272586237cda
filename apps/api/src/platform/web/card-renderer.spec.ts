import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardAssets } from './card-renderer';

/** a web build with the card page's manifest, its script and its stylesheet */
function webDist(options: { css?: string; scriptImports?: string[] } = {}): string {
  const dist = mkdtempSync(join(tmpdir(), 'cardcraft-card-assets-'));
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'card-page-1234.js'), 'console.log("card")');
  writeFileSync(join(dist, 'assets', 'card-page-style-5678.css'), options.css ?? '.p-4{padding:1rem}');
  writeFileSync(
    join(dist, '.vite', 'card-manifest.json'),
    JSON.stringify({
      'src/ssr/card-enhance.ts': {
        file: 'assets/card-page-1234.js',
        isEntry: true,
        ...(options.scriptImports ? { imports: options.scriptImports } : {}),
      },
      'src/ssr/card.css': { file: 'assets/card-page-style-5678.css', isEntry: true },
    }),
  );
  return dist;
}

describe("the card page's assets", () => {
  const dirs: string[] = [];
  const dist = (options?: Parameters<typeof webDist>[0]) => {
    const dir = webDist(options);
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("inlines the card's own stylesheet and links its one script", () => {
    expect(cardAssets(dist())).toEqual({ style: '.p-4{padding:1rem}', script: '/assets/card-page-1234.js' });
  });

  it('refuses a script built in more than one file', () => {
    expect(() => cardAssets(dist({ scriptImports: ['_shared-abcd.js'] }))).toThrow(/one file/);
  });

  it('refuses a stylesheet that would end its <style> element', () => {
    expect(() => cardAssets(dist({ css: '.a::after{content:"</style><script>"}' }))).toThrow(/<\/style/);
  });

  it('says what is missing from a build without the card page', () => {
    const empty = mkdtempSync(join(tmpdir(), 'cardcraft-card-assets-'));
    dirs.push(empty);
    mkdirSync(join(empty, '.vite'));
    writeFileSync(join(empty, '.vite', 'card-manifest.json'), '{}');
    expect(() => cardAssets(empty)).toThrow(/src\/ssr\/card-enhance\.ts/);
  });
});
