import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'reports', 'test-results', '.data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Test helpers pass untyped JSON answers around; the assertions type what they read.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Imports flow one way (ARCHITECTURE §2): machines and the domain never reach into the
    // app, and the server uses nothing of the client but src/domain.
    files: ['machines/**/*.ts', 'src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/src/api/**', '**/src/app/**', '**/src/features/**', '**/src/ui/**', 'react', 'react-dom', '**/api/*', '**/app/*', '**/features/*', '**/ui/*'] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/src/api/**', '**/src/app/**', '**/src/features/**', '**/src/ui/**', '**/src/i18n/**', '**/machines/**'] }],
    },
  },
);
