import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** The class prefixes a component's code asks for that its code does not say (a template literal). */
const EXTRA_PREFIXES: Record<string, string[]> = { 'float-button': ['float-btn'] };
/** `virtual:antd-css/<component>`: that component's part of the sheet. */
const RULES_OF = 'virtual:antd-css/';
const STYLE_INDEX = /[\\/]node_modules[\\/]antd[\\/]es[\\/]([a-z-]+)[\\/]style[\\/]index\.js$/;
const AT_BLOCK = /^@(?:media|supports|layer|container)\b/;

/** Every `.js` file of a component's directory, its styles left out. */
function codeFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'style') codeFiles(path, out);
    } else if (name.endsWith('.js')) out.push(path);
  }
  return out;
}

/**
 * The class prefixes each of antd's components owns (`getPrefixCls('btn')` in `button/`). A prefix
 * another component is named after, or asks for first, is that one's: Pagination asks for `select`
 * because it renders a Select, whose own style module brings those rules.
 */
export function prefixesByComponent(es: string): Map<string, string[]> {
  const asked = new Map<string, string[]>();
  for (const dir of readdirSync(es)) {
    if (dir.startsWith('_') || !statSync(join(es, dir)).isDirectory()) continue;
    const found = new Set<string>(EXTRA_PREFIXES[dir] ?? []);
    for (const file of codeFiles(join(es, dir)))
      for (const m of readFileSync(file, 'utf8').matchAll(/getPrefixCls\(\s*['"]([a-z-]+)['"]/g))
        found.add(m[1]!);
    if (found.size) asked.set(dir, [...found]);
  }
  // A prefix is the component's named after it, else the components that ask for it first (Calendar and
  // DatePicker: `picker`), else every component that asks for it.
  const dirs = new Set(asked.keys());
  const firstOf = new Set([...asked.values()].map((prefixes) => prefixes[0]!));
  const owns = (dir: string, prefixes: string[], p: string) =>
    dirs.has(p) ? p === dir : firstOf.has(p) ? prefixes[0] === p : true;
  const owned = new Map<string, string[]>();
  for (const [dir, prefixes] of asked) {
    const own = prefixes.filter((p) => owns(dir, prefixes, p));
    if (own.length) owned.set(dir, own);
  }
  return owned;
}

/** The sheet's top-level rules and at-rules, in order. */
function topLevelBlocks(css: string): string[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  let quote: string | null = null;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      blocks.push(css.slice(start, i + 1));
      start = i + 1;
    } else if (c === ';' && depth === 0) {
      // `@charset`, `@import`, `@layer a, b;`
      blocks.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  return blocks;
}

/**
 * Splits antd's whole stylesheet by the component whose class a rule is written for: `base` holds the
 * rest (tokens, resets, motion, keyframes), which every page needs.
 */
export function splitStylesheet(css: string, prefixes: readonly string[]): Map<string, string> {
  const longestFirst = [...prefixes].sort((a, b) => b.length - a.length);
  const parts = new Map<string, string[]>();
  for (const block of topLevelBlocks(css)) {
    let key = 'base';
    if (!block.startsWith('@keyframes') && !block.startsWith('@font-face')) {
      const selector = AT_BLOCK.test(block) ? block.slice(block.indexOf('{') + 1) : block;
      const cls = /\.ant-([a-z0-9-]+)/.exec(selector.slice(0, selector.indexOf('{')))?.[1];
      if (cls) key = longestFirst.find((p) => cls === p || cls.startsWith(`${p}-`)) ?? 'base';
    }
    const list = parts.get(key) ?? [];
    list.push(block);
    parts.set(key, list);
  }
  return new Map([...parts].map(([key, blocks]) => [key, blocks.join('')]));
}

/**
 * The app's build loads antd's stylesheet by component: `antd/dist/antd.css` (main.tsx) becomes its
 * base (tokens, resets, motion) and each component's style module imports its own rules, so that a
 * page's CSS comes with the chunks that render it, as antd's run-time styles would, instead of the
 * whole 1 MB sheet on every first load. The development server keeps the whole sheet.
 *
 * A component's rules now arrive after the app's own stylesheets (with its chunk): all of antd's are in
 * the cascade layer `antd`, below every unlayered rule, so that ours still win whatever the order.
 *
 * `import 'virtual:antd-css/<component>'` brings a component's rules without its code: for markup
 * written in that component's classes (nothing in development, where the whole sheet is loaded).
 */
export function antdStylesheetSplit(): Plugin {
  let building = false;
  let outDir = '';
  let base = '';
  const files = new Map<string, string[]>();
  return {
    name: 'pantau-antd-stylesheet-split',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
      outDir = join(config.cacheDir, 'antd-css');
    },
    buildStart() {
      if (!building) return;
      const require = createRequire(import.meta.url);
      const sheet = require.resolve('antd/dist/antd.css');
      const owned = prefixesByComponent(join(dirname(dirname(sheet)), 'es'));
      const parts = splitStylesheet(readFileSync(sheet, 'utf8'), [...owned.values()].flat());
      mkdirSync(outDir, { recursive: true });
      // One file per part, written once (Calendar and DatePicker both import `picker`).
      const paths = new Map<string, string>();
      for (const key of new Set(['base', ...parts.keys()])) {
        const path = join(outDir, `${key}.css`);
        writeFileSync(path, `@layer antd{${parts.get(key) ?? ''}}`);
        paths.set(key, path);
      }
      base = paths.get('base')!;
      files.clear();
      for (const [dir, prefixes] of owned)
        files.set(
          dir,
          prefixes.flatMap((p) => paths.get(p) ?? []),
        );
    },
    resolveId(id) {
      if (id.startsWith(RULES_OF)) return `\0${id}`;
      return building && id === 'antd/dist/antd.css' ? base : null;
    },
    load(id) {
      if (!id.startsWith(`\0${RULES_OF}`)) return null;
      const component = id.slice(RULES_OF.length + 1);
      if (!building) return '';
      const sheets = files.get(component);
      if (!sheets) this.error(`antd has no component "${component}" with rules of its own`);
      return sheets.map((s) => `import ${JSON.stringify(s)};`).join('\n');
    },
    transform(code, id) {
      if (!building) return null;
      const dir = STYLE_INDEX.exec(id)?.[1];
      const sheets = dir ? files.get(dir) : undefined;
      if (!sheets?.length) return null;
      return { code: `${sheets.map((s) => `import ${JSON.stringify(s)};`).join('\n')}\n${code}`, map: null };
    },
  };
}
