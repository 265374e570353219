// ESLint (flat config): the language rules CI holds the code to, run by `npm run lint` and `npm test`.
// typescript-eslint's recommended set, plus a small type-aware set for what the compiler does not catch:
// promises that are dropped or handed where a plain value is expected, awaits of non-promises, casts that
// change nothing, throwing non-Errors. The layer rules (what may import what) are dependency-cruiser's
// (.dependency-cruiser.cjs, `npm run lint:deps`).
import './scripts/lint/typescript-6.mjs'; // first: typescript-eslint must load TypeScript 6 (see that file)
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Type-aware rules (they need the type checker, so they run on the TypeScript files only). */
const typeAware = {
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/no-misused-promises': 'error',
  '@typescript-eslint/await-thenable': 'error',
  '@typescript-eslint/no-unnecessary-type-assertion': 'error',
  '@typescript-eslint/no-for-in-array': 'error',
  '@typescript-eslint/no-implied-eval': 'error',
  // Passing on a caught `unknown` is a rethrow, not a made-up non-Error: allowed (as only-throw-error's default).
  '@typescript-eslint/only-throw-error': ['error', { allowThrowingUnknown: true }],
  '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'public/**', 'coverage/**'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      ...typeAware,
      // A leading underscore marks a name left unused on purpose (a property dropped by a rest pattern,
      // a parameter a signature requires); typescript-eslint's documented setting for that habit.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [js.configs.recommended],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        AbortSignal: 'readonly',
        module: 'writable',
        require: 'readonly',
      },
    },
    rules: { eqeqeq: ['error', 'always', { null: 'ignore' }] },
  },
);
