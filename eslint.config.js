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

// Server modules have one front door each (ADR 024): outside tests, a file imports another module
// only through that module's index.ts. One zone per module folder, so a new module is covered
// without editing this file; with every crossing going through an index, import-x/no-cycle also
// refuses a cycle between modules.
const serverSrc = './apps/server/src';
const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const frontDoors = serverModules.map((name) => `./${name}/index.ts`);
const frontDoorMessage = 'Import another server module through its index.ts only, and only a module below this one (ADR 024).';
const serverModuleZones = serverModules.map((name) => ({
  target: `${serverSrc}/modules/${name}`,
  from: `${serverSrc}/modules`,
  except: [`./${name}`, ...frontDoors.filter((door) => door !== `./${name}/index.ts`)],
  message: frontDoorMessage,
}));
// The composition roots, above every module, use the front doors too.
const serverRootZone = {
  target: [`${serverSrc}/app.ts`, `${serverSrc}/server.ts`, `${serverSrc}/openapi-areas.ts`, `${serverSrc}/jobs/all-jobs.ts`, `${serverSrc}/db/seed`],
  from: `${serverSrc}/modules`,
  except: frontDoors,
  message: frontDoorMessage,
};
// The shared infrastructure beneath the modules imports no front door (it would close a cycle
// through the modules that use it), only these named low files (ADR 024).
const serverInfraZone = {
  target: [
    `${serverSrc}/lib`,
    `${serverSrc}/plugins`,
    `${serverSrc}/realtime`,
    `${serverSrc}/config.ts`,
    ...readdirSync(new URL('./apps/server/src/jobs', import.meta.url)).filter((name) => name !== 'all-jobs.ts').map((name) => `${serverSrc}/jobs/${name}`),
    ...readdirSync(new URL('./apps/server/src/db', import.meta.url)).filter((name) => name !== 'seed').map((name) => `${serverSrc}/db/${name}`),
  ],
  from: `${serverSrc}/modules`,
  except: [
    './auth/principal.ts',
    './auth/tenant-scope.ts',
    './auth/login-attempts.repository.ts',
    './audit/operation-logs.repository.ts',
    './jobs/job-runs.repository.ts',
    './mail/mail-sender.ts',
    './payments/gateway/payment-gateway.ts',
  ],
  message: 'The shared infrastructure beneath the server modules imports only the low module files named in eslint.config.js (ADR 024).',
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
  {
    // The business time zone is named once, in the domain's business-date.ts (OPERATOR_TIME_ZONE, ADR 011);
    // SQL takes it from apps/server/src/db/business-time-sql.ts. Tests may spell it out.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'bench/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'packages/domain/src/common/business-date.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/Asia.Tokyo/]', message: 'Use OPERATOR_TIME_ZONE (@sagano/domain/common/business-date) or OPERATOR_ZONE_SQL in SQL (ADR 011).' },
        { selector: 'TemplateElement[value.raw=/Asia.Tokyo/]', message: 'Use OPERATOR_TIME_ZONE (@sagano/domain/common/business-date) or OPERATOR_ZONE_SQL in SQL (ADR 011).' },
      ],
    },
  },
  {
    // The web client names a missing path parameter before sending (spec 001 §8 "Required request
    // parameter missing"): a call's address with a value in it is built by apiPath (or a path helper
    // made with it), never by putting a variable into a template. This block repeats the time-zone
    // selectors above because a later no-restricted-syntax replaces an earlier one.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/Asia.Tokyo/]', message: 'Use OPERATOR_TIME_ZONE (@sagano/domain/common/business-date) or OPERATOR_ZONE_SQL in SQL (ADR 011).' },
        { selector: 'TemplateElement[value.raw=/Asia.Tokyo/]', message: 'Use OPERATOR_TIME_ZONE (@sagano/domain/common/business-date) or OPERATOR_ZONE_SQL in SQL (ADR 011).' },
        {
          selector: "CallExpression[callee.object.name='apiClient'] > TemplateLiteral.arguments:first-child:has(> Identifier.expressions[name=/^[a-z]/], > MemberExpression.expressions)",
          message: 'Build the path with apiPath(template, params), so a missing parameter is refused naming it (spec 001 §8).',
        },
        {
          selector: "CallExpression[callee.name=/^(request|anonymousRequest|customerRequest|sandboxRequest)$/] > TemplateLiteral.arguments:nth-child(2):has(> Identifier.expressions[name=/^[a-z]/], > MemberExpression.expressions)",
          message: 'Build the path with apiPath(template, params), so a missing parameter is refused naming it (spec 001 §8).',
        },
      ],
    },
  },
  {
    // Outside tests, a server file reaches another module through its front door only (ADR 024).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: repoRoot, zones: [...serverModuleZones, serverRootZone, serverInfraZone] }],
    },
  },
);
