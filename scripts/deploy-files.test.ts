// The deployment files (Dockerfile, deploy/compose.yaml and what it mounts) checked without Docker:
// the image copies what the build makes to where the server looks for it and runs as a user, the
// compose file runs two instances on one database and one secret, with health checks, and sets only
// variables the server reads. With `docker compose` or `hadolint` installed, they check the files too.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { environmentVariables, loadConfig } from '../apps/server/src/config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (relative: string) => readFileSync(path.join(root, relative), 'utf8');

// ── Dockerfile ──

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  name: string | null;
  instructions: Instruction[];
}

/** The Dockerfile's stages, continuation lines joined, comments dropped. */
function dockerStages(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      stages.push({ name: /\sAS\s+(\S+)/i.exec(args)?.[1] ?? null, instructions: [] });
      continue;
    }
    stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ') });
  }
  return stages;
}

const dockerfile = dockerStages(read('Dockerfile'));
const runtime = dockerfile.at(-1)!;
const stageNamed = (name: string) => dockerfile.find((s) => s.name === name)!;
const all = (stage: Stage, keyword: string) =>
  stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
const workdirOf = (stage: Stage) => all(stage, 'WORKDIR').at(-1) ?? '/';

/** `COPY --from=<stage> <source> <target>` of the runtime stage. */
const copiesFrom = (stage: string) =>
  all(runtime, 'COPY')
    .filter((args) => args.includes(`--from=${stage} `))
    .map((args) => {
      const [source, target] = args.replace(/--\S+\s*/g, '').split(' ');
      return { source: source!, target: path.posix.resolve(workdirOf(runtime), target!) };
    });

describe('Dockerfile', () => {
  it('builds with npm ci and npm run build, and installs only the server’s production dependencies', () => {
    const buildStage = stageNamed('build');
    expect(all(buildStage, 'RUN').join('\n')).toMatch(/npm ci\b/);
    expect(all(buildStage, 'RUN').join('\n')).toMatch(/npm run build\b/);
    expect(all(stageNamed('deps'), 'RUN').join('\n')).toMatch(
      /npm ci --omit=dev --workspace @pantau\/server/,
    );
  });

  it('runs the compiled server as a user that is not root, on the ports the server listens on', () => {
    const user = all(runtime, 'USER').at(-1);
    expect(user, 'the runtime stage sets USER').toBeDefined();
    expect(['root', '0', '0:0']).not.toContain(user);
    expect(all(runtime, 'CMD').join(' ')).toContain('apps/server/dist/main.js');
    const exposed = all(runtime, 'EXPOSE').join(' ').split(' ');
    const defaults = loadConfig({});
    for (const port of [defaults.port, defaults.gt06Port, defaults.osmandPort])
      expect(exposed).toContain(String(port));
    expect(all(runtime, 'HEALTHCHECK').join(' ')).toContain('/api/health');
  });

  it('keeps the embedded database in a volume the user owns, at PANTAU_DATA_DIR', () => {
    const env = all(runtime, 'ENV').join(' ');
    const dataDir = /PANTAU_DATA_DIR=(\S+)/.exec(env)?.[1];
    expect(dataDir).toBeDefined();
    expect(all(runtime, 'VOLUME').join(' ')).toContain(dataDir);
    expect(all(runtime, 'RUN').join(' ')).toMatch(new RegExp(`chown \\S+ ${dataDir}`));
  });

  it('copies what `npm run build` makes to where the server looks for it', () => {
    const buildWorkdir = workdirOf(stageNamed('build'));
    const copied = new Map(
      copiesFrom('build').map((c) => [path.posix.relative(buildWorkdir, c.source), c.target] as const),
    );
    // The build's outputs: esbuild's dist/main.js with the migrations beside it, Vite's dist/.
    const serverBuild = read('apps/server/build.mjs');
    expect(serverBuild).toContain("path.join(here, 'dist')");
    expect(serverBuild).toContain("outfile: path.join(dist, 'main.js')");
    expect(serverBuild).toContain("path.join(dist, 'migrations')");
    expect(read('apps/web/vite.config.ts')).toContain("outDir: 'dist'");
    const outputs = ['apps/server/dist', 'apps/web/dist'];
    for (const source of copied.keys())
      expect(
        outputs.includes(source) || existsSync(path.join(root, source)),
        `${source} is made by the build or is in the repository`,
      ).toBe(true);
    for (const needed of [...outputs, 'apps/server/package.json'])
      expect(copied.has(needed), `the image has ${needed}`).toBe(true);

    // config.ts finds package.json and the web app from the server's folder: the image keeps them
    // where they are in the repository, relative to each other.
    const image = (relative: string) =>
      path.posix.relative(copied.get('apps/server/dist')!, copied.get(relative)!);
    expect(image('apps/web/dist')).toBe(
      path.relative(path.join(root, 'apps/server/dist'), loadConfig({}).webDist).split(path.sep).join('/'),
    );
    expect(image('apps/server/package.json')).toBe('../package.json');
    // The production dependencies land where Node looks for them from dist/main.js.
    const modules = copiesFrom('deps').find((c) => c.source.endsWith('/node_modules'));
    expect(modules, 'node_modules from the deps stage').toBeDefined();
    expect(copied.get('apps/server/dist')!.startsWith(path.posix.dirname(modules!.target) + '/')).toBe(true);

    // After a build on this machine, the outputs are really there.
    if (existsSync(path.join(root, 'apps/server/dist/main.js'))) {
      expect(existsSync(path.join(root, 'apps/server/dist/migrations/meta/_journal.json'))).toBe(true);
      expect(existsSync(path.join(root, 'apps/web/dist/index.html'))).toBe(true);
    }
  });

  it('has every package the compiled server imports among the production dependencies it installs', async () => {
    // The server's bundle as build.mjs makes it: our workspaces compiled in, other packages imported.
    const result = await build({
      entryPoints: [path.join(root, 'apps/server/src/main.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      metafile: true,
      logLevel: 'silent',
      outfile: path.join(tmpdir(), 'pantau-deploy-check.js'),
      plugins: [
        {
          name: 'external-packages',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@pantau/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
    const imported = new Set<string>();
    for (const output of Object.values(result.metafile.outputs))
      for (const i of output.imports)
        if (i.external && !i.path.startsWith('node:') && !builtinModules.includes(i.path))
          imported.add(
            i.path.startsWith('@') ? i.path.split('/').slice(0, 2).join('/') : i.path.split('/')[0]!,
          );
    expect(imported.size).toBeGreaterThan(10);
    // `npm ci --workspace @pantau/server` installs its dependencies and those of the workspaces it uses.
    const dependenciesOf = (relative: string) =>
      Object.keys((JSON.parse(read(relative)) as { dependencies?: object }).dependencies ?? {});
    const installed = new Set([
      ...dependenciesOf('apps/server/package.json'),
      ...dependenciesOf('packages/contracts/package.json'),
      ...dependenciesOf('packages/protocols/package.json'),
    ]);
    for (const name of imported) expect(installed.has(name), `${name} is a production dependency`).toBe(true);
  });
});

// ── Compose ──

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  healthcheck?: { test: string[] | string };
  restart?: string;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const instances = Object.keys(services).filter((name) => /^pantau-\d+$/.test(name));

/** `.env.example` as variables (comments and blank lines skipped). */
const envExample = Object.fromEntries(
  read('deploy/.env.example')
    .split('\n')
    .filter((l) => /^[A-Z_][A-Z0-9_]*=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);

/** Compose's interpolation: `${VAR}`, `${VAR:-default}`, `${VAR:?message}` (fails when unset or empty). */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(
    /\$\{([A-Z_][A-Z0-9_]*)(?::([-?])([^}]*))?\}/g,
    (_m, name: string, op?: string, arg?: string) => {
      const v = env[name];
      if (v !== undefined && v !== '') return v;
      if (op === '?') throw new Error(`${name}: ${arg}`);
      return op === '-' ? (arg ?? '') : '';
    },
  );
}

/** The environment an instance gets from the compose file and a `.env`. */
const environmentOf = (service: string, env: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(services[service]!.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), env)]),
  );

/** `.env.example` with the secrets an operator must fill in filled in. */
const filledEnv = {
  ...envExample,
  POSTGRES_PASSWORD: 'a-database-password',
  PANTAU_JWT_SECRET: 'a-signing-secret-of-more-than-32-characters',
};

describe('deploy/compose.yaml', () => {
  it('runs PostgreSQL 16, two Pantau instances, Caddy and the GT06 proxy, each with a health check and a restart policy', () => {
    expect(Object.keys(services).sort()).toEqual(['caddy', 'gt06-proxy', 'pantau-1', 'pantau-2', 'postgres']);
    expect(services.postgres!.image).toMatch(/^postgres:16\b/);
    expect(services.postgres!.volumes).toContain('postgres-data:/var/lib/postgresql/data');
    expect(Object.keys(compose.volumes)).toContain('postgres-data');
    for (const [name, service] of Object.entries(services)) {
      expect(service.healthcheck?.test, `${name} has a health check`).toBeDefined();
      expect(service.restart, `${name} restarts`).toBe('unless-stopped');
    }
    for (const name of instances) {
      expect(services[name]!.build).toEqual({ context: '..', dockerfile: 'Dockerfile' });
      expect(String(services[name]!.healthcheck!.test)).toContain('/api/health');
      expect(services[name]!.depends_on?.postgres?.condition).toBe('service_healthy');
      // Only the proxies publish ports.
      expect(services[name]!.ports, `${name} publishes no port`).toBeUndefined();
    }
    // The second instance starts once the first has applied the migrations.
    expect(services['pantau-2']!.depends_on?.['pantau-1']?.condition).toBe('service_healthy');
  });

  it('gives both instances the same database and the same signing secret, from the .env file', () => {
    expect(instances).toHaveLength(2);
    const [a, b] = instances.map((name) => services[name]!.environment!);
    expect(a!.DATABASE_URL).toBe(b!.DATABASE_URL);
    expect(a!.PANTAU_JWT_SECRET).toBe(b!.PANTAU_JWT_SECRET);
    expect(a!.PANTAU_JWT_SECRET).toMatch(/^\$\{PANTAU_JWT_SECRET:\?/);
    expect(new URL(interpolate(a!.DATABASE_URL!, filledEnv)).hostname).toBe('postgres');
  });

  it('sets only variables the server reads, with values it accepts', () => {
    for (const name of instances) {
      for (const variable of Object.keys(services[name]!.environment ?? {}))
        expect(environmentVariables, `${name}: ${variable}`).toContain(variable);
      const config = loadConfig(environmentOf(name, filledEnv));
      expect(config.databaseUrl).toMatch(/^postgres:\/\/pantau:a-database-password@postgres:5432\/pantau$/);
      expect(config.jwtSecret).toBe(filledEnv.PANTAU_JWT_SECRET);
      expect(config.publicUrl).toBe(`https://${envExample.PANTAU_DOMAIN}`);
      expect(config.trustProxy).toBe(true);
      expect(config.metricsToken).toBeUndefined();
      // The demo is off unless asked for.
      expect(config.demo).toBe(false);
      expect(config.simulator).toBe(false);
    }
    // Asked for, either instance may drive the demo fleet: the one holding the singleton lock does.
    const demo = { ...filledEnv, PANTAU_DEMO: '1' };
    expect(loadConfig(environmentOf('pantau-1', demo)).simulator).toBe(true);
    expect(loadConfig(environmentOf('pantau-2', demo)).simulator).toBe(true);
    // Without the secrets compose refuses to start, naming them.
    expect(() => environmentOf('pantau-1', envExample)).toThrow(/POSTGRES_PASSWORD|PANTAU_JWT_SECRET/);
  });

  it('names in .env.example every variable it takes, and nothing else', () => {
    const used = new Set(
      [...read('deploy/compose.yaml').matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g)].map((m) => m[1]!),
    );
    expect(Object.keys(envExample).sort()).toEqual([...used].sort());
  });

  it('proxies the web app and OsmAnd to every instance (Caddy) and GT06 to every instance (nginx)', () => {
    const caddyfile = read('deploy/Caddyfile');
    const nginx = read('deploy/nginx-gt06.conf');
    for (const name of instances) {
      expect(caddyfile).toMatch(new RegExp(`reverse_proxy[^\\n]*\\b${name}:3000\\b`));
      expect(caddyfile).toMatch(new RegExp(`reverse_proxy[^\\n]*\\b${name}:5055\\b`));
      expect(nginx).toMatch(new RegExp(`server ${name}:5023\\b`));
    }
    expect(caddyfile).toContain('lb_policy query id');
    expect(services.caddy!.ports).toEqual(expect.arrayContaining(['80:80', '443:443', '5055:5055']));
    expect(services['gt06-proxy']!.ports).toEqual(['5023:5023']);
    for (const service of Object.values(services))
      for (const volume of service.volumes ?? [])
        if (volume.startsWith('./'))
          expect(existsSync(path.join(root, 'deploy', volume.split(':')[0]!)), volume).toBe(true);
  });
});

// ── With the tools, when this machine has them ──

const works = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' }).status === 0;
const hasCompose = works('docker', ['compose', 'version']);
const hasHadolint = works('hadolint', ['--version']);

describe('the deployment files through their own tools', () => {
  it.skipIf(!hasCompose)(
    hasCompose
      ? 'docker compose config accepts deploy/compose.yaml'
      : 'docker compose config (skipped: docker compose is not installed)',
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'pantau-compose-'));
      try {
        const envFile = path.join(dir, '.env');
        writeFileSync(
          envFile,
          Object.entries(filledEnv)
            .map(([k, v]) => `${k}=${v}`)
            .join('\n'),
        );
        const r = spawnSync(
          'docker',
          [
            'compose',
            '--env-file',
            envFile,
            '-f',
            path.join(root, 'deploy/compose.yaml'),
            'config',
            '--quiet',
          ],
          { encoding: 'utf8' },
        );
        expect(r.status, r.stderr).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(!hasHadolint)(
    hasHadolint
      ? 'hadolint finds no error in the Dockerfile'
      : 'hadolint (skipped: hadolint is not installed)',
    () => {
      const r = spawnSync('hadolint', ['--failure-threshold', 'error', path.join(root, 'Dockerfile')], {
        encoding: 'utf8',
      });
      expect(r.status, r.stdout + r.stderr).toBe(0);
    },
  );
});
