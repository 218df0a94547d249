// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import maxLines from './eslint/max-lines.js';
import { webFeatures } from './eslint/web-features.js';

/** Imports that would tie the domain core to a framework, a transport, storage or Node itself. */
const coreForbidden = {
  paths: [
    { name: 'react', message: 'core is framework-free: no React.' },
    { name: 'react-dom', message: 'core is framework-free: no React.' },
    { name: 'express', message: 'core is framework-free: no Express.' },
    { name: 'axios', message: 'core is framework-free: no axios; use a port.' },
    { name: 'inversify', message: 'core needs no container: composition roots bind it.' },
    { name: 'puppeteer', message: 'core is framework-free: no Puppeteer.' },
    { name: 'puppeteer-core', message: 'core is framework-free: no Puppeteer.' },
    { name: 'kysely', message: 'core holds no SQL: use a repository port.' },
    { name: 'pg', message: 'core holds no SQL: use a repository port.' },
  ],
  patterns: [
    { group: ['node:*'], message: 'core runs in the browser too: no node:* modules.' },
    {
      group: [
        'fs',
        'fs/*',
        'path',
        'os',
        'crypto',
        'http',
        'https',
        'stream',
        'child_process',
        'url',
        'util',
        'buffer',
        'events',
        'worker_threads',
      ],
      message: 'core runs in the browser too: no Node built-ins.',
    },
    { group: ['react/*', 'react-dom/*', '@headlessui/*', 'react-router*'], message: 'core is framework-free.' },
    { group: ['express/*', 'axios/*', 'inversify/*', '@inversifyjs/*'], message: 'core is framework-free.' },
    { group: ['puppeteer*', 'playwright*'], message: 'core is framework-free.' },
    { group: ['kysely/*', 'pg-*', '@electric-sql/*', 'kysely-*'], message: 'core holds no SQL.' },
    { group: ['@dpms/*'], message: 'core depends on no other package of the project.' },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      '**/coverage/**',
      '**/.turbo/**',
      '**/test-results/**',
      '**/artifacts/**',
      '**/vitest.config.ts',
      '**/vite.config.ts',
      '**/playwright.config.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'error',
      'no-console': ['warn', { allow: ['warn', 'error'] }],
    },
  },
  ...maxLines,
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['core/src/**/*.ts'],
    ignores: ['core/src/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', coreForbidden],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'core runs in the browser too: time, ids and config reach it as ports.' },
        { name: 'window', message: 'core runs in Node too.' },
        { name: 'document', message: 'core runs in Node too.' },
        { name: 'Buffer', message: 'core runs in the browser too.' },
        { name: 'setTimeout', message: 'time reaches core through a port.' },
        { name: 'setInterval', message: 'time reaches core through a port.' },
      ],
    },
  },
  ...webFeatures,
);
