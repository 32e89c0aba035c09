import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  // Every asset is also written as .br and .gz; the server sends the one the browser accepts.
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'] })],
  server: {
    port: 5173,
    // The rules panel imports docs/rules/*.md from the repository root.
    fs: { allow: [repoRoot] },
    // Room lookups are plain HTTP; Colyseus itself is reached on :2567 directly.
    proxy: { '/api': 'http://127.0.0.1:2567' },
  },
  // The home page loads React, zod and the page itself; a room, each game's table and the rules
  // panel are separate chunks loaded when needed (`pnpm bench bundle` prints the sizes).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
