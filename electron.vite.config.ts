import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';

// Explicit entries: one per runtime (see ARCHITECTURE.md). Native modules stay external.
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src-main/index.ts') },
        external: ['better-sqlite3', 'keytar'],
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src-main/preload/index.ts') },
        // A sandboxed preload cannot `require` local chunks: emit one CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src-renderer'),
    build: {
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src-renderer/index.html') } },
    },
  },
});
