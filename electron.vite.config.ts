import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'electron-vite';

// Explicit entries: one per runtime (see ARCHITECTURE.md).
//
// Main bundles its pure-JavaScript dependencies (zod, undici, fastify, ...) instead of loading them from
// node_modules inside app.asar as ES modules at run time, an area where Electron has had regressions.
// Only electron, Node's built-ins (electron-vite keeps those external) and the two native modules stay
// outside: a .node addon cannot be bundled. tests/app/main-bundle.test.ts checks the built file.
export const MAIN_EXTERNAL_MODULES = ['better-sqlite3', 'keytar'] as const;

export default defineConfig({
  main: {
    build: {
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src-main/index.ts') },
        external: [...MAIN_EXTERNAL_MODULES],
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
