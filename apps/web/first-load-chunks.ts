import type { CodeSplittingNameFunction } from 'rolldown';

type Context = Parameters<CodeSplittingNameFunction>[1];

/**
 * The modules `roots` run: their static imports, each with theirs. For the signed-in first load
 * (main.tsx and the app it imports, app-root.tsx), chunk groups take only these, so that a module only a
 * lazily loaded page uses (a date picker, a table, a CSV parser) stays in that page's chunks instead.
 */
export function reachableFrom(roots: string[]) {
  let found: Set<string> | undefined;
  return (id: string, ctx: Context): boolean => {
    if (!found) {
      found = new Set();
      const queue: string[] = [];
      for (const root of roots) {
        if (!ctx.getModuleInfo(root)) throw new Error(`first-load root not in the build: ${root}`);
        queue.push(root);
      }
      while (queue.length > 0) {
        const next = queue.pop()!;
        if (found.has(next)) continue;
        found.add(next);
        for (const imported of ctx.getModuleInfo(next)?.importedIds ?? []) queue.push(imported);
      }
    }
    return found.has(id);
  };
}
