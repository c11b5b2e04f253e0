import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { antdStaticStyles } from './antd-static-styles';

type Transform = (this: { parse: typeof parseAst }, code: string, id: string) => { code: string } | null;
const transform = antdStaticStyles().transform as unknown as Transform;
const run = (code: string, id: string) => transform.call({ parse: parseAst }, code, id);
const STYLE_ID = '/app/node_modules/antd/es/button/style/index.js';

describe('antd style functions left out of the app build', () => {
  it('replaces the style function of each style hook, keeps the hook, its name and its tokens', () => {
    const code = [
      "import { genFocusStyle } from '../../style';",
      "import { prepareComponentToken } from './token';",
      "export const sub = genSubStyleComponent(['Button', 'compact'], token => [genFocusStyle(token)]);",
      "export default genStyleHooks('Button', token => { const t = mergeToken(token, {}); return [genFocusStyle(t), { a: genComponentStyleHook('Inner', x => x, null) }]; }, prepareComponentToken, { unitless: { fontWeight: true } });",
    ].join('\n');
    const out = run(code, STYLE_ID)!.code;
    expect(out).toContain("genSubStyleComponent(['Button', 'compact'], () => [])");
    expect(out).toContain(
      "genStyleHooks('Button', () => [], prepareComponentToken, { unitless: { fontWeight: true } })",
    );
    expect(out).not.toContain('mergeToken');
    expect(() => parseAst(out)).not.toThrow();
  });

  it('leaves modules other than antd’s style modules alone', () => {
    const code = "export default genStyleHooks('Button', token => [token]);";
    expect(run(code, '/app/node_modules/antd/es/button/Button.js')).toBeNull();
    expect(run(code, '/app/src/button/style/index.js')).toBeNull();
  });

  it('turns antd’s real Button style module into one that still parses, its rules no longer called', () => {
    const file = createRequire(import.meta.url).resolve('antd/es/button/style/index.js');
    const code = readFileSync(file, 'utf8');
    const out = run(code, file)!.code;
    // The rules are module-level functions the style function called: now nothing calls them, and the
    // bundler drops them (and what only they import).
    expect(code).toMatch(/genSharedButtonStyle\(/);
    expect(out.replace(/const genSharedButtonStyle = /, '')).not.toMatch(/genSharedButtonStyle\(/);
    expect(out).toMatch(/genStyleHooks\('Button', \(\) => \[\], prepareComponentToken/);
    expect(() => parseAst(out)).not.toThrow();
  });
});
