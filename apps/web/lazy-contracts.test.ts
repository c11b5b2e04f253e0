import { readFileSync, readdirSync } from 'node:fs';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { lazyContracts } from './lazy-contracts';

type Transform = (this: { parse: typeof parseAst }, code: string, id: string) => { code: string } | null;
const transform = lazyContracts().transform as unknown as Transform;
const run = (code: string, id: string) => transform.call({ parse: parseAst }, code, id);
const CONTRACT = '/repo/packages/contracts/src/vehicles.ts';

describe('contract schemas built on first use in the web build', () => {
  it('wraps the schemas: calls from z, from what another contracts module gives, and from schemas already taken', () => {
    const code = [
      "import { z } from 'zod';",
      "import { listOf, pagingQuery } from './common.js';",
      "import { helper } from 'elsewhere';",
      'export const LIMIT = 5;',
      "export const kinds = ['a', 'b'];",
      'const row = z.object({ id: z.number() });',
      'export const rowList = listOf(row);',
      'export const query = pagingQuery.extend({ q: z.string() });',
      'export const wider = row.extend({ name: z.string() }).strict();',
      'export const fromElsewhere = helper();',
      'export const pick = (v) => z.string().parse(v);',
      'export const ids = row.shape.id;',
    ].join('\n');
    const out = run(code, CONTRACT)!.code;
    for (const init of [
      'z.object({ id: z.number() })',
      'listOf(row)',
      'pagingQuery.extend({ q: z.string() })',
      'row.extend({ name: z.string() }).strict()',
    ])
      expect(out).toContain(`/* @__PURE__ */ __lazySchema(() => ${init})`);
    expect(out).toContain('export const fromElsewhere = helper();');
    expect(out).toContain('export const pick = (v) => z.string().parse(v);');
    expect(out).toContain('export const ids = row.shape.id;');
    expect(out).toContain('export const LIMIT = 5;');
    expect(out.split('\n')[0]).toMatch(/^import \{ lazySchema as __lazySchema \} from ".*lazy-schema\.ts";$/);
    expect(() => parseAst(out)).not.toThrow();
  });

  it('leaves modules outside the contracts, and the stand-in itself, alone', () => {
    const code = "import { z } from 'zod';\nexport const a = z.string();";
    expect(run(code, '/repo/apps/web/src/lib/api/vehicles.ts')).toBeNull();
    expect(run(code, '/repo/packages/contracts/src/lazy-schema.ts')).toBeNull();
    expect(run(code, '/repo/packages/contracts/src/geofences.test.ts')).toBeNull();
  });

  it('every contracts module still parses once transformed', () => {
    const dir = new URL('../../packages/contracts/src/', import.meta.url);
    const wrapped = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => {
        const source = readFileSync(new URL(f, dir), 'utf8');
        const out = transform.call(
          { parse: ((c: string) => parseAst(c, { lang: 'ts' })) as typeof parseAst },
          source,
          `/repo/packages/contracts/src/${f}`,
        );
        if (out) expect(() => parseAst(out.code, { lang: 'ts' }), f).not.toThrow();
        return out;
      });
    expect(wrapped.filter((w) => w !== null).length).toBeGreaterThan(20);
  });
});
