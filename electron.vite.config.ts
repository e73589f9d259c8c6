import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
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
    // Svelte only here: main and preload have no components. Component <style> blocks are emitted as
    // CSS files (emitCss, the plugin's default), which the CSP's style-src 'self' allows.
    plugins: [svelte({ configFile: resolve(import.meta.dirname, 'svelte.config.js') })],
    build: {
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src-renderer/index.html') } },
    },
  },
});
