// Svelte compiler options shared by the Vite plugin (renderer build) and svelte-check (typecheck).
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

export default {
  // TypeScript in <script lang="ts"> and CSS in <style>, through Vite's own transforms.
  preprocess: vitePreprocess(),
  compilerOptions: { runes: true },
};
