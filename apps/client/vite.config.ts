import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // The rules panel imports docs/rules/*.md from the repository root.
    fs: { allow: [repoRoot] },
    // Room lookups are plain HTTP; Colyseus itself is reached on :2567 directly.
    proxy: { '/api': 'http://127.0.0.1:2567' },
  },
  // React, motion, zod and the Colyseus SDK make one ~210 kB (gzip) bundle; that is expected.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1000 },
});
