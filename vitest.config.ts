import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/test/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/client/src/**/*.test.{ts,tsx}',
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: true,
  },
});
