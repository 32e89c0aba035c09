import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 2599);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  timeout: 240_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: '../node_modules/.bin/tsx ../apps/server/src/main.ts',
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // The store in memory: rooms of earlier runs must not come back (restart.spec.ts runs its own server).
    env: { PORT: String(PORT), HOST: '127.0.0.1', ALLOW_TEST_SEEDS: '1', DATA_DIR: ':memory:' },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
