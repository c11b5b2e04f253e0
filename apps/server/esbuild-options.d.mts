// Types of esbuild-options.mjs for the TypeScript that compiles the server (bench/ingest.ts).
import type { BuildOptions } from 'esbuild';
export const serverBuildOptions: BuildOptions;
