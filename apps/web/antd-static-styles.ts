import type { Plugin } from 'vite';

/** antd's calls that take a component's style function (its CSS-in-JS rules) as their second argument. */
const STYLE_HOOKS = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);
/** antd's style modules: `antd/es/<component>/style/*.js`. */
const STYLE_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/].+[\\/]style[\\/][^\\/]+\.js$/;
const HAS_STYLE_HOOK = /\bgen(?:StyleHooks|ComponentStyleHook|SubStyleComponent)\(/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is Node =>
  typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';

function walk(node: Node, visit: (n: Node) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const v of value) if (isNode(v)) walk(v, visit);
    } else if (isNode(value)) walk(value, visit);
  }
}

/**
 * The app's build (not the signed-out pages', which generate their few styles at run time) takes antd's
 * styles from the static antd/dist/antd.css (theme `zeroRuntime`, app/providers.tsx), so antd never calls
 * a component's style function there: each one is replaced by `() => []` in antd's style modules, and
 * the rules they held (with the style helpers only they used) leave the bundle. The hooks themselves stay:
 * they still give the class names and register the component tokens' CSS variables.
 */
export function antdStaticStyles(): Plugin {
  return {
    name: 'pantau-antd-static-styles',
    apply: 'build',
    transform(code, id) {
      if (!STYLE_MODULE.test(id) || !HAS_STYLE_HOOK.test(code)) return null;
      const ranges: [number, number][] = [];
      walk(this.parse(code) as unknown as Node, (n) => {
        const callee = n.callee as Node | undefined;
        const args = n.arguments as Node[] | undefined;
        if (
          n.type === 'CallExpression' &&
          callee?.type === 'Identifier' &&
          STYLE_HOOKS.has(callee.name as string) &&
          args &&
          args.length >= 2
        )
          ranges.push([args[1]!.start, args[1]!.end]);
      });
      // A call inside another's style function goes with it.
      const outer = ranges.filter(
        ([s, e]) => !ranges.some(([os, oe]) => os <= s && e <= oe && (os < s || e < oe)),
      );
      if (outer.length === 0) return null;
      let out = code;
      for (const [start, end] of outer.sort((a, b) => b[0] - a[0]))
        out = `${out.slice(0, start)}() => []${out.slice(end)}`;
      return { code: out, map: null };
    },
  };
}
