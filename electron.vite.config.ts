import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { PDF_DATA_FOLDERS } from './src-shared/files/pdf-data-files.js';

// Explicit entries: one per runtime (see ARCHITECTURE.md).
//
// Main bundles its pure-JavaScript dependencies (zod, undici, fastify, ...) instead of loading them from
// node_modules inside app.asar as ES modules at run time, an area where Electron has had regressions.
// Only electron, Node's built-ins (electron-vite keeps those external) and the two native modules stay
// outside: a .node addon cannot be bundled. tests/app/main-bundle.test.ts checks the built file.
export const MAIN_EXTERNAL_MODULES = ['better-sqlite3', 'keytar'] as const;

const PDFJS_DIRECTORY = resolve(import.meta.dirname, 'node_modules/pdfjs-dist');

/**
 * pdf.js's standard-font data and CMaps, copied as they are (names unhashed: pdf.js asks for them by
 * name under one URL) into the renderer build, and served from node_modules by the dev server. A few
 * lines here rather than a copy plugin dependency.
 */
function pdfjsDataFiles(): Plugin {
  const files = Object.values(PDF_DATA_FOLDERS).flatMap(({ from, to }) =>
    readdirSync(join(PDFJS_DIRECTORY, from)).map((name) => ({
      source: join(PDFJS_DIRECTORY, from, name),
      fileName: `${to}${name}`,
    })),
  );
  const byUrlPath = new Map(files.map((file) => [`/${file.fileName}`, file.source]));
  return {
    name: 'stockroom-pdfjs-data-files',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const source = byUrlPath.get(request.url?.split('?')[0] ?? '');
        if (source === undefined) return next();
        response.setHeader('Content-Type', source.endsWith('.ttf') ? 'font/ttf' : 'application/octet-stream');
        response.end(readFileSync(source));
      });
    },
    generateBundle() {
      for (const { source, fileName } of files) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(source) });
      }
    },
  };
}

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
    plugins: [svelte({ configFile: resolve(import.meta.dirname, 'svelte.config.js') }), pdfjsDataFiles()],
    build: {
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src-renderer/index.html') } },
    },
  },
});
