// Lint rules, the runtime import zones of ARCHITECTURE.md ("Three runtimes, three folders") and no
// import cycles in src-*.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import tseslint from 'typescript-eslint';
import noImportCycle from './tooling/no-import-cycle.js';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`), 'node:*'];
const nodeBuiltinMessage = 'Node built-ins are not available in this runtime (see ARCHITECTURE.md).';

/** Builds a no-restricted-imports rule from forbidden module names and path regexes. */
function zone({ names = [], regexes = [] }) {
  return [
    'error',
    {
      paths: names.map((name) => ({
        name,
        message: `'${name}' may not be imported here (see ARCHITECTURE.md).`,
      })),
      patterns: [
        { group: ['node:*'], message: nodeBuiltinMessage },
        ...regexes.map(([regex, message]) => ({ regex, message })),
      ],
    },
  ];
}

/** Ways of turning text into a number that skip the rule of typed numbers: [selector, what]. */
export const TYPED_NUMBER_READS = [
  ["CallExpression[callee.name='Number']", 'Number()'],
  ["CallExpression[callee.name='parseFloat']", 'parseFloat()'],
  ["CallExpression[callee.name='parseInt']", 'parseInt()'],
  [
    "CallExpression[callee.object.name='Number'][callee.property.name=/^parse(Float|Int)$/]",
    'Number.parseFloat/parseInt()',
  ],
  ["UnaryExpression[operator='+'][argument.type!='Literal']", 'Unary +'],
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'dist/**',
      '.vitest-report/**',
      '**/.tmp/**',
      'test-results/**',
      'docs/openapi.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    // <script lang="ts"> in components, and runes modules (*.svelte.ts), through the TypeScript parser.
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
    // Undefined names are TypeScript's (svelte-check) to report, as typescript-eslint does for .ts.
    rules: { 'no-undef': 'off' },
  },
  {
    // In a runes module the rule flags every Map or Set inside an exported class, even one only spread
    // into an array; the state classes replace whole Maps in $state rather than mutate them in place.
    files: ['**/*.svelte.ts'],
    rules: { 'svelte/prefer-svelte-reactivity': 'off' },
  },
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': zone({
        names: ['electron', ...nodeBuiltins],
        regexes: [
          ['(^|/)src-(main|renderer)(/|$)', 'src-shared imports nothing from src-main or src-renderer.'],
        ],
      }),
    },
  },
  {
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/index.ts', 'src-main/app/**', 'src-main/ipc/**', 'src-main/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'electron is imported only in src-main/{index.ts,app,ipc,preload}.',
            },
          ],
          patterns: [{ regex: '(^|/)src-renderer(/|$)', message: 'src-main never imports src-renderer.' }],
        },
      ],
    },
  },
  {
    files: ['src-main/index.ts', 'src-main/app/**/*.ts', 'src-main/ipc/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)src-renderer(/|$)', message: 'src-main never imports src-renderer.' }] },
      ],
    },
  },
  {
    files: ['src-main/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': zone({
        names: nodeBuiltins,
        regexes: [['^\\.\\./(?!\\.\\./src-shared/)', 'The preload imports only electron and src-shared.']],
      }),
    },
  },
  {
    files: ['src-renderer/**/*.ts', 'src-renderer/**/*.svelte'],
    rules: {
      'no-restricted-imports': zone({
        names: ['electron', ...nodeBuiltins],
        regexes: [['(^|/)src-main(/|$)', 'The renderer reaches main only through lib/api.ts.']],
      }),
    },
  },
  {
    // A number a person types is read only by the one rule (src-shared/domain/typed-number.ts, through
    // lib/form-input.ts): no form reads one any other way. The few reads of non-person data (an option's
    // id, a catalogue figure) say so with an eslint-disable comment naming why.
    files: ['src-renderer/**/*.ts', 'src-renderer/**/*.svelte'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...TYPED_NUMBER_READS.map(([selector, what]) => ({
          selector,
          message: `${what} reads a typed number outside its rule: use readTypedNumber / typedArg (src-shared/domain/typed-number.ts).`,
        })),
      ],
    },
  },
  {
    files: ['src-*/**/*.ts', 'src-*/**/*.svelte'],
    plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } },
    // Resolved as TypeScript resolves them (`./x.js` is x.ts), with the project's compiler options.
    rules: { 'local/no-import-cycle': ['error', { tsconfig: `${import.meta.dirname}/tsconfig.base.json` }] },
  },
);
