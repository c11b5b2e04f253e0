import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * Preloads the app's chunks from index.html (production build). main.tsx imports the app
 * (src/app/app-root.tsx: React's tree, antd, the router and the pages) dynamically, so that a map page's
 * boot runs before the app's ~0.1–0.2 s of module evaluation; Vite would then fetch those chunks only
 * when the import runs. Listed here, they download (and compile) from the start, as before, and their
 * styles are in place for the first render. At low priority: on a slow link the boot's own requests
 * (its scripts, maplibre's worker, the snapshot) go first, and the fleet is drawn in the boot shell
 * before the app is needed.
 */
export function preloadApp(entry = 'src/app/app-root.tsx'): Plugin {
  return {
    name: 'pantau-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const closure = closureOf(ctx.bundle ?? {}, entry);
        if (!closure) return [];
        const fresh = (file: string) => !html.includes(`/${file}"`);
        return [
          ...[...closure.files].filter(fresh).map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...[...closure.styles].filter(fresh).map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/**
 * `<meta name="pantau-page-files" data-paths="…" content="…">` in index.html (production build): the
 * chunks and styles of a lazily loaded page beyond those of the app (`preloadApp`), for the visits that
 * open on one of `paths`. public/prefetch-snapshot.js preloads them at once on such a visit, so the page
 * need not be part of every other page's first load to render without a wait.
 */
export function pageFilesMeta(entry: string, paths: readonly string[], app = 'src/app/app-root.tsx'): Plugin {
  return {
    name: 'pantau-page-files-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const page = closureOf(bundle, entry);
        if (!page) return [];
        const shared = closureOf(bundle, app);
        const own = (set: Set<string>, of?: Set<string>) =>
          [...set].filter((f) => !of?.has(f) && !html.includes(`/${f}"`)).map((f) => `/${f}`);
        const files = [...own(page.files, shared?.files), ...own(page.styles, shared?.styles)];
        return [
          {
            tag: 'meta',
            attrs: { name: 'pantau-page-files', 'data-paths': paths.join(' '), content: files.join(' ') },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/** The chunk of `entry` with every chunk it imports statically, and their styles. */
function closureOf(bundle: OutputBundle, entry: string): { files: Set<string>; styles: Set<string> } | null {
  const root = Object.values(bundle).find(
    (c) => c.type === 'chunk' && c.facadeModuleId?.replaceAll('\\', '/').endsWith(entry),
  );
  if (!root || root.type !== 'chunk') return null;
  const files = new Set<string>();
  const styles = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (!chunk || chunk.type !== 'chunk' || files.has(name)) return;
    files.add(name);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    chunk.imports.forEach(visit);
  };
  visit(root.fileName);
  return { files, styles };
}

/**
 * `<meta name="pantau-texts" data-en="…" data-id="…" data-en-rest="…" data-id-rest="…">` in index.html
 * (production build): each language's two parts of texts (src/locales/texts.ts), each as its chunk and
 * the chunks it imports, so that public/prefetch-snapshot.js asks for the user's language's first-view
 * texts with the page (the boot waits for them), and on the dashboard for the other pages' texts too.
 */
export function textsMeta(languages: readonly string[] = ['en', 'id']): Plugin {
  return {
    name: 'pantau-texts-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        // A part's chunk with the chunks it imports (its texts may sit in one shared with a page).
        const filesOf = (module: string) => {
          const closure = closureOf(bundle, module);
          const files = [...(closure?.files ?? [])].filter((f) => !html.includes(`/${f}"`));
          return closure ? files.map((f) => `/${f}`).join(' ') : null;
        };
        const attrs: Record<string, string> = { name: 'pantau-texts' };
        for (const language of languages) {
          const core = filesOf(`src/locales/${language}/core.ts`);
          const rest = filesOf(`src/locales/${language}/rest.ts`);
          if (!core || !rest) return [];
          attrs[`data-${language}`] = core;
          attrs[`data-${language}-rest`] = rest;
        }
        return [{ tag: 'meta', attrs, injectTo: 'head' }];
      },
    },
  };
}
