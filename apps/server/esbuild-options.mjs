// How the server is compiled (build.mjs, and the ingestion bench's server): one ES module for Node 20.
// The workspace packages (contracts, protocols) are TypeScript and are compiled in; every other
// package stays an import of node_modules.

/** Bare imports other than our own workspaces are left to Node to resolve at run time. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pantau/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** esbuild options shared by every compiled entry of the server. */
export const serverBuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
};
