import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Web features do not import each other (ADR 008): one zone per feature folder, so a new
// feature is covered without editing this file. Screens that compose features live in app/.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webFeatureZones = webFeatures.map((name) => ({
  target: `./apps/web/src/features/${name}`,
  from: './apps/web/src/features',
  except: [`./${name}`],
  message: 'Features do not import each other: compose them in apps/web/src/app, or share through components/ or lib/ (ADR 008).',
}));
// Zone paths are read from the repository root, wherever eslint is started.
const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const webSharedZone = {
  target: ['./apps/web/src/components', './apps/web/src/lib'],
  from: ['./apps/web/src/features', './apps/web/src/app'],
  message: 'Shared code (components/, lib/) does not import features or the app layer (ADR 008).',
};
const webAppZone = {
  target: './apps/web/src/features',
  from: './apps/web/src/app',
  message: 'Features do not import the app layer (ADR 008); only their screen tests mount the app providers.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/src/db/migrations/**', 'bench/results/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    // The domain package runs anywhere: no Node, DOM, database or React.
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-*', 'drizzle-orm*', 'pg', '@electric-sql/*', 'fastify*', '@mantine/*'] }],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'localStorage', 'sessionStorage'],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['node:*', 'drizzle-orm*', 'pg', 'fastify*', '@sagano/server*'] }],
      'import-x/no-restricted-paths': ['error', { basePath: repoRoot, zones: [...webFeatureZones, webSharedZone] }],
    },
  },
  {
    // Outside tests, a feature does not reach into the app layer either (screen tests mount AppProviders).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: repoRoot, zones: [...webFeatureZones, webSharedZone, webAppZone] }],
    },
  },
);
