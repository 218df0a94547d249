// @ts-check
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The web is sliced by feature and composed in app/: a feature never imports another one (tests
 * included), and components/ never imports a feature. Generated from the folders of
 * web/src/features, so a new feature is covered the day it is created.
 */
const featuresDir = fileURLToPath(new URL('../web/src/features', import.meta.url));
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const message = 'features never import each other: compose in app/ or share through components/';
/** @param {string} name */
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** @param {string[]} others */
const forbidding = (others) => {
  const names = others.map(escape).join('|');
  return [
    // ../other/…, ../../other/… from a nested folder, ../../features/other/…
    { regex: `^(\\.\\./)+(features/)?(${names})(/|$)`, message },
    // any alias or absolute spelling: @/features/other, src/features/other/…
    { regex: `(^|/)features/(${names})(/|$)`, message },
  ];
};

/** @type {import('eslint').Linter.Config[]} */
export const webFeatures = [
  ...features.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: forbidding(features.filter((other) => other !== feature)) },
      ],
    },
  })),
  {
    files: ['web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)features(/|$)',
              message:
                'components never import features: compose in app/ or share through components/',
            },
          ],
        },
      ],
    },
  },
];
