import type { CodeSplittingNameFunction } from 'rolldown';

type Context = Parameters<CodeSplittingNameFunction>[1];

/**
 * The modules a signed-in first load runs: main.tsx's static imports and those of the app it imports
 * (app-root.tsx), each with theirs. Chunk groups take only these, so that a module only a lazily loaded
 * page uses (a date picker, a table, a CSV parser) stays in that page's chunks instead of the first load.
 */
export function firstLoadModules(roots: string[]) {
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
