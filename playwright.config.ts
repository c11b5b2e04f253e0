import { defineConfig, devices } from '@playwright/test';
import { localChromium } from './scripts/provision.mjs';

// Browser end-to-end tests drive the built app served by the real server over a fresh embedded
// database with the demo seed. Debian's Chromium only (its headless shell when installed, see
// scripts/provision.mjs): Playwright never downloads a browser here.
const port = Number(process.env.PANTAU_E2E_PORT ?? 3100);
const chromium = localChromium();

export default defineConfig({
  testDir: 'apps/web/e2e',
  // Side-by-side shards (scripts/test.mjs) each keep their own.
  outputDir: process.env.PANTAU_E2E_OUTPUT ?? 'test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records the page all along (about a sixth of a test's time): only for the retry of a
    // failed test (CI retries once), which is the run worth reading.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // As a user who asked the system for less motion: no pulsing dots or sliding drawers for the
    // software renderer to draw frame after frame (the app honours the setting, providers.tsx).
    reducedMotion: 'reduce',
    // The app's load and refresh figures (apps/web/src/lib/metrics.ts), which the specs read.
    storageState: {
      cookies: [],
      origins: [
        { origin: `http://127.0.0.1:${port}`, localStorage: [{ name: 'pantau.metrics', value: '1' }] },
      ],
    },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--enable-unsafe-swiftshader',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port) },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
