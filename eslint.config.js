import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

/** Folders of src/ and what each may not import (as import-path patterns). */
const CLIENT = ['api', 'app', 'features', 'ui', 'widgets', 'i18n'];
const src = (...names) => names.flatMap((n) => [`**/src/${n}/**`, `../${n}/**`, `../../${n}/**`]);
/** The server, as the client and the machines may not import it (they share src/domain with it). */
const SERVER = ['**/server/**', '../server/**', '../../server/**', '../../../server/**'];
const REACT = ['react', 'react-dom', 'react-dom/*', '@xstate/react', 'react-vant', 'react-vant/**', 'react-i18next', 'wouter'];

function layers() {
  const restrict = (files, patterns, extra = {}) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message: 'Imports flow one way: see docs/architecture.md.' }] }], ...extra },
  });
  const features = readdirSync('src/features', { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return [
    restrict(['src/domain/**/*.ts'], [...src(...CLIENT), '**/machines/**', ...SERVER, ...REACT, 'ky']),
    // Machines: flow logic only, no React, DOM, fetch or timers of their own.
    restrict(['machines/**/*.ts'], [...src(...CLIENT), ...SERVER, ...REACT, 'ky'], {
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'fetch', 'setTimeout', 'setInterval', 'navigator', 'location'],
    }),
    // View parts draw what they are given: no call, no machine (a widget that has them lives in src/widgets).
    restrict(['src/ui/**/*.{ts,tsx}'], [...src('app', 'features', 'api', 'widgets'), '**/machines/**', '@xstate/react', 'xstate', ...SERVER]),
    restrict(['src/widgets/**/*.{ts,tsx}', 'src/api/**/*.ts', 'src/i18n/**/*.ts'], [...src('app', 'features'), ...SERVER]),
    restrict(['src/app/**/*.{ts,tsx}', 'src/wechat/**/*.{ts,tsx}'], SERVER),
    ...features.map((feature) =>
      restrict(
        [`src/features/${feature}/**/*.{ts,tsx}`],
        [...src('app'), ...SERVER, ...features.filter((other) => other !== feature).flatMap((other) => [`**/features/${other}/**`, `../${other}/**`])],
      ),
    ),
    restrict(['server/**/*.ts'], [...src(...CLIENT), '**/machines/**', ...REACT]),
  ];
}

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'reports', 'test-results', '.data'] },
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
    // No import loop: a loop has no bottom layer to read first or to test alone. Type-only imports
    // do not count (they leave no trace at run time); the imports name their files, so Node's
    // resolution finds them.
    files: ['server/**/*.ts', 'src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/ignore': ['node_modules'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Imports flow one way (docs/architecture.md): src/domain <- machines <- src/features <- src/app;
  // no feature imports another feature or src/app; the server uses nothing of src but src/domain.
  ...layers(),
);
