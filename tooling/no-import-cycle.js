// ESLint rule: no module may import (directly or through others) a module that imports it back.
// Every import counts, `import type` included: a type-only cycle still ties two modules together.
// (eslint-plugin-import-x's no-cycle skips type-only imports and has no option to count them.)
//
// Specifiers are resolved with TypeScript's own module resolution and the project's compiler options,
// so `./x.js` finds `x.ts` and `./x.svelte.js` finds `x.svelte.ts`; `.svelte` files are read from
// their <script> blocks. Only relative specifiers are followed: packages cannot import our sources.
import { readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

/** @typedef {{ mtimeMs: number, size: number, imports: string[] }} ModuleEntry */

const scriptBlock = /<script\b[^>]*>([\s\S]*?)<\/script>/g;
const insideNodeModules = /[\\/]node_modules[\\/]/;

/** @type {Map<string, ts.CompilerOptions>} per tsconfig path */
const optionsByConfig = new Map();

export function compilerOptions(configPath) {
  let options = optionsByConfig.get(configPath);
  if (options === undefined) {
    const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
    if (error !== undefined) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
    options = ts.parseJsonConfigFileContent(config, ts.sys, dirname(configPath)).options;
    optionsByConfig.set(configPath, options);
  }
  return options;
}

/** The relative specifiers a module's text names (imports, re-exports, import() and import types). */
function specifiersIn(file, text) {
  const code = file.endsWith('.svelte') ? [...text.matchAll(scriptBlock)].map((m) => m[1]).join('\n') : text;
  return ts
    .preProcessFile(code, true, true)
    .importedFiles.map((ref) => ref.fileName)
    .filter((name) => name.startsWith('./') || name.startsWith('../'));
}

function resolveSpecifier(specifier, fromFile, options) {
  const resolved = ts.resolveModuleName(specifier, fromFile, options, ts.sys).resolvedModule;
  if (resolved !== undefined) return resolve(resolved.resolvedFileName);
  // TypeScript does not resolve `.svelte` files; they are named with their extension.
  const literal = resolve(dirname(fromFile), specifier);
  return ts.sys.fileExists(literal) ? literal : undefined;
}

/** @type {Map<string, ModuleEntry>} modules read from disk, kept while their mtime and size hold */
const modules = new Map();

/** The resolved imports of a file on disk ([] when it cannot be read). */
export function importsOf(file, options) {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    modules.delete(file);
    return [];
  }
  const cached = modules.get(file);
  if (cached !== undefined && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) {
    return cached.imports;
  }
  const imports = [];
  for (const specifier of specifiersIn(file, readFileSync(file, 'utf8'))) {
    const target = resolveSpecifier(specifier, file, options);
    if (target !== undefined && !insideNodeModules.test(target)) imports.push(target);
  }
  modules.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, imports });
  return imports;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse import cycles, type-only imports included.' },
    schema: [
      {
        type: 'object',
        properties: {
          tsconfig: { type: 'string', description: 'The tsconfig whose compiler options resolve.' },
        },
        required: ['tsconfig'],
        additionalProperties: false,
      },
    ],
    messages: { cycle: 'Import cycle: {{route}}.' },
  },
  create(context) {
    const file = resolve(context.physicalFilename);
    const root = context.cwd;
    const options = compilerOptions(resolve(root, context.options[0].tsconfig));
    /** Modules already searched in full from this file without coming back to it. */
    const noWayBack = new Set();

    /** The route from `start` back to this file, or undefined when there is none. */
    function routeBack(start) {
      const cameFrom = new Map([[start, undefined]]);
      const queue = [start];
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        for (const imported of importsOf(next, options)) {
          if (imported === file) {
            const route = [file];
            for (let step = next; step !== undefined; step = cameFrom.get(step)) route.push(step);
            return route.reverse();
          }
          if (cameFrom.has(imported) || noWayBack.has(imported)) continue;
          cameFrom.set(imported, next);
          queue.push(imported);
        }
      }
      for (const searched of cameFrom.keys()) noWayBack.add(searched);
      return undefined;
    }

    function check(source) {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const specifier = source.value;
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) return;
      const target = resolveSpecifier(specifier, file, options);
      if (target === undefined || target === file || noWayBack.has(target)) return;
      const route = routeBack(target);
      if (route === undefined) return;
      context.report({
        node: source,
        messageId: 'cycle',
        data: { route: [file, ...route].map((step) => relative(root, step)).join(' → ') },
      });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) =>
        check(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
      TSExternalModuleReference: (node) => check(node.expression),
    };
  },
};
