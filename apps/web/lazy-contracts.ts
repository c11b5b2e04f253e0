import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The contracts' sources (not their tests, not the stand-in itself). */
const CONTRACT_MODULE = /[\\/]packages[\\/]contracts[\\/]src[\\/](?!lazy-schema\.)[^\\/]+(?<!\.test)\.ts$/;
const LAZY = fileURLToPath(new URL('../../packages/contracts/src/lazy-schema.ts', import.meta.url));

/** The identifier a call chain starts from: `z` in `z.object({…}).extend({…})`, else null. */
function rootOf(node: Node): string | null {
  let n: Node | undefined = node;
  while (n) {
    if (n.type === 'Identifier') return n.name as string;
    if (n.type === 'CallExpression') n = n.callee as Node;
    else if (n.type === 'MemberExpression') n = n.object as Node;
    else return null;
  }
  return null;
}

/**
 * The top-level constants of a contracts module that are schemas, as [start, end] of their initialisers:
 * a call chain starting from `z`, from what the module imports from another contracts module (their
 * schemas and schema helpers), or from a constant of this module already taken.
 */
export function schemaInitialisers(program: Node): [number, number][] {
  const imported = new Set<string>();
  for (const statement of program.body as Node[])
    if (statement.type === 'ImportDeclaration' && String((statement.source as Node).value).startsWith('.'))
      for (const s of statement.specifiers as Node[]) imported.add((s.local as Node).name as string);
  const taken = new Set<string>();
  const ranges: [number, number][] = [];
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const d of declaration.declarations as Node[]) {
      const init = d.init as Node | null;
      const id = d.id as Node;
      if (!init || init.type !== 'CallExpression' || id.type !== 'Identifier') continue;
      const root = rootOf(init);
      if (root === null || !(root === 'z' || imported.has(root) || taken.has(root))) continue;
      taken.add(id.name as string);
      ranges.push([init.start, init.end]);
    }
  }
  return ranges;
}

/**
 * The web's build builds each contracts schema on first use (`lazySchema`) rather than when its module
 * is imported: the first load imports a few hundred schemas for the pages and API calls it might use,
 * and building them was ~150 ms of its main thread. The server builds them as written.
 */
export function lazyContracts(): Plugin {
  return {
    name: 'pantau-lazy-contracts',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT_MODULE.test(id)) return null;
      const ranges = schemaInitialisers(this.parse(code) as unknown as Node);
      if (ranges.length === 0) return null;
      let out = code;
      for (const [start, end] of ranges.sort((a, b) => b[0] - a[0]))
        out = `${out.slice(0, start)}/* @__PURE__ */ __lazySchema(() => ${out.slice(start, end)})${out.slice(end)}`;
      return {
        code: `import { lazySchema as __lazySchema } from ${JSON.stringify(LAZY)};\n${out}`,
        map: null,
      };
    },
  };
}
