import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure logic, no database) and `api` (the real server over a real database,
// configured in apps/server/vitest.api.config.ts). `npm test` runs both; scripts/test.mjs runs `api`
// a second time against PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/web/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      './apps/server/vitest.api.config.ts',
    ],
  },
});
