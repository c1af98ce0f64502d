// ESLint (flat config): the recommended rules of ESLint and typescript-eslint, and, on the TypeScript files, the rules
// that need type information (projectService reads tsconfig.json): a promise nobody awaits or catches, a promise
// where a void callback is expected, a switch that misses a case of its union. `npm run lint` allows no warning and
// then runs Prettier's check; `npm test` runs it. Formatting is Prettier's job: no rule here is about layout.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a callback's position, a destructured rest).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // A `let` assigned once, later, but read by a closure built before (app.ts's digests) cannot be a const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Typed rules: every .ts file is in tsconfig.json's program.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A fire-and-forget promise says so with `void` and handles its rejection; an awaited one is awaited.
      '@typescript-eslint/no-floating-promises': 'error',
      // An async function handed to something that ignores its promise (an event handler, a forEach) loses its errors.
      '@typescript-eslint/no-misused-promises': 'error',
      // A switch over a union names every member, or has a default that says why not.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      // A cast or `!` the types already guarantee is noise (fixed by `eslint --fix`).
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // The MCP App's browser code is its own program (tsconfig.app.json: the DOM's types), not tsconfig.json's.
    files: ['src/mcp/app/**/*.ts'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { projectService: false, project: './tsconfig.app.json', tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // Migrations take kysely's own `Kysely<any>`: they run against whatever schema the step before left.
    files: ['migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Stand-ins, tests and benchmarks read the untyped JSON of Bot API, Messages API and MCP traffic.
    files: ['test/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
