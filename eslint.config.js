// Lint rules for the whole tree (`npm run lint`, also run by .ci/run). Type-aware rules from
// typescript-eslint, the rules of hooks, and the one-way imports the README draws:
// domain <- api <- machines <- ui, and domain <- server. Formatting belongs to Prettier alone.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Folders a layer may not import from: each entry lists what sits above it. */
const layers = {
  'src/domain': ['api', 'machines', 'ui', 'pdf', 'server'],
  'src/api': ['machines', 'ui', 'server'],
  'src/machines': ['ui', 'server'],
  'src/pdf': ['machines', 'ui', 'server'],
  'src/ui': ['server'],
  server: ['api', 'machines', 'ui'],
};

const layerRules = Object.entries(layers).map(([folder, above]) => ({
  files: [`${folder}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: above.map((name) => ({
          // The generated contract types (src/api/schema) are for both sides of the wire.
          regex: name === 'api' ? '(^|/)api(/(?!schema$)|$)' : `(^|/)${name}(/|$)`,
          message: `${folder} sits below ${name}: imports run domain <- api <- machines <- ui, and domain <- server.`,
        })),
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'data/', 'node_modules/', 'src/api/schema.d.ts', 'bench/results/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // XState's `types: { context: {} as Context }` and fakes built with `as` are assertions the
      // rule calls unnecessary, yet removing them changes the inferred types: off.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Fastify plugins and XState's fromPromise actors are async by contract, awaited or not.
      '@typescript-eslint/require-await': 'off',
      // It flags callbacks typed as method signatures (React props, Kysely and Node callbacks) that
      // never use `this`.
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tests read JSON answers (typed `any` by fetch and light-my-request) and write fakes as async
    // functions that resolve at once; both are the point of a test, not a slip.
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      // Tests throw and reject with plain values on purpose, to prove the code copes with them.
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    // Migrations are written against `Kysely<any>`: they must not depend on today's table types
    // (Kysely's own guidance), so a later change of the types never rewrites an old migration.
    files: ['server/db/migrations/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  ...layerRules,
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  prettier,
);
