import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Lint keeps the architecture of CONVENTIONS.md from rotting: the import direction between
 * layers (api: routes -> service -> repository -> db; web: routes -> features -> shared UI) is
 * enforced here, not by review.
 */
const webFeatures = fs.existsSync('apps/web/src/features') ? fs.readdirSync('apps/web/src/features') : [];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist.next-*/**', '**/dist.old-*/**', '**/node_modules/**', 'apps/api/src/db/migrations/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: 'packages/shared', from: 'apps', message: 'packages/shared imports only zod.' },
            { target: 'apps/web', from: 'apps/api', message: 'The browser never imports server code.' },
            { target: 'apps/api', from: 'apps/web', message: 'The server never imports browser code.' },
            { target: 'apps/api/src/modules/**/*-routes.ts', from: ['apps/api/src/db/**', 'apps/api/src/modules/**/*-repository.ts'], message: 'Routes go through services, never the database.' },
            { target: 'apps/api/src/modules/**/*-repository.ts', from: ['apps/api/src/lib/app-error*', 'apps/api/src/modules/**/*-service.ts', 'apps/api/src/modules/**/*-routes.ts'], message: 'Repositories only read and write data.' },
            { target: 'apps/api/src/modules/**/*-service.ts', from: 'apps/api/src/modules/**/*-routes.ts', message: 'Services never import routes.' },
            ...webFeatures.map((feature) => ({
              target: `apps/web/src/features/${feature}`,
              from: 'apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: compose them in app/routes.',
            })),
            {
              target: ['apps/web/src/features', 'apps/web/src/components', 'apps/web/src/lib', 'apps/web/src/config', 'apps/web/src/stores'],
              from: 'apps/web/src/app',
              message: 'Only app/ composes; nothing imports it back.',
            },
            { target: ['apps/web/src/components', 'apps/web/src/lib', 'apps/web/src/config'], from: 'apps/web/src/features', message: 'Shared UI and lib do not depend on features.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Call the API through lib/api-client.ts.' }],
    },
  },
  {
    files: ['apps/web/src/lib/api-client.ts', 'apps/web/src/lib/shop-file.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
);
