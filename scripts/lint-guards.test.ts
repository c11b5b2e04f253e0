// The layer rules in eslint.config.js must bite: each test plants one violation in the real tree,
// expects lint to name the rule, then removes what it planted.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const planted: string[] = [];
const probeFolders = ['apps/web/src/features/lint-probe', 'apps/server/src/lint-probe'];

function plant(relative: string, code: string): string {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, code);
  planted.push(file);
  return file;
}

/** Lint as `npm run lint` does, in a process of its own, so the config reads the folders afresh. */
function ruleIdsFor(files: string[]): string[] {
  const eslint = path.join(root, 'node_modules', '.bin', 'eslint');
  const run = spawnSync(eslint, ['--format', 'json', ...files], { cwd: root, encoding: 'utf8' });
  const results = JSON.parse(run.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  return results.flatMap((r) => r.messages.map((m) => m.ruleId ?? m.message));
}

afterEach(() => {
  for (const file of planted.splice(0)) rmSync(file, { force: true });
  for (const folder of probeFolders) rmSync(path.join(root, folder), { recursive: true, force: true });
});

describe('lint guards', { timeout: 120_000 }, () => {
  it('fails on an import cycle between two TypeScript files', () => {
    const a = plant(
      'apps/server/src/lint-probe/a.ts',
      "import { b } from './b.js';\nexport const a = (): unknown => b;\n",
    );
    const b = plant(
      'apps/server/src/lint-probe/b.ts',
      "import { a } from './a.js';\nexport const b = (): unknown => a;\n",
    );
    expect(ruleIdsFor([a, b])).toContain('import-x/no-cycle');
  });

  it('fails when a server repo imports a service', () => {
    const repo = plant(
      'apps/server/src/modules/vehicles/lint-probe.repo.ts',
      "import * as service from './vehicles.service.js';\nexport const probe = service;\n",
    );
    expect(ruleIdsFor([repo])).toContain('import-x/no-restricted-paths');
  });

  it('fails when a web feature imports another feature, a new feature folder included', () => {
    plant('apps/web/src/features/drivers/lint-probe-target.ts', 'export const target = 1;\n');
    plant('apps/web/src/features/lint-probe/target.ts', 'export const target = 2;\n');
    const existing = plant(
      'apps/web/src/features/drivers/lint-probe.ts',
      "import { target } from '../lint-probe/target';\nexport const probe = target;\n",
    );
    const fresh = plant(
      'apps/web/src/features/lint-probe/probe.ts',
      "import { target } from '../drivers/lint-probe-target';\nexport const probe = target;\n",
    );
    const ids = ruleIdsFor([existing, fresh]);
    expect(ids.filter((id) => id === 'import-x/no-restricted-paths')).toHaveLength(2);
  });

  it('passes on the tree as it is', () => {
    expect(ruleIdsFor(['apps/server/src/modules/vehicles', 'apps/web/src/features/drivers'])).toEqual([]);
  });
});
