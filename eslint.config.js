import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const impureInRules = [
  {
    object: 'Math',
    property: 'random',
    message: 'Rules are deterministic: use the seeded PRNG kept in state.',
  },
  {
    object: 'Date',
    property: 'now',
    message: 'Rules are deterministic: time comes in as the `now` argument.',
  },
  {
    object: 'performance',
    property: 'now',
    message: 'Rules are deterministic: time comes in as the `now` argument.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'e2e/artifacts/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/rules/src/**/*.ts'],
    rules: {
      'no-restricted-properties': ['error', ...impureInRules],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date']", message: 'Rules are deterministic: no wall clock.' },
      ],
    },
  },
  {
    files: ['apps/client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
