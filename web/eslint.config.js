// ESLint: TypeScript and React hooks rules, and the app's boundary rules:
// no import cycles; only the app shell (src/app) imports src/app; a feature
// never imports another feature. What two features share lives in
// src/components, src/lib or src/features/payments (which every feature may
// use); src/components and src/lib import no feature.
import './scripts/typescript5.mjs';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const { default: js } = await import('@eslint/js');
const { default: tseslint } = await import('typescript-eslint');
const { default: reactHooks } = await import('eslint-plugin-react-hooks');
const { default: importX, createNodeResolver } = await import('eslint-plugin-import-x');
const { default: globals } = await import('globals');

const root = path.dirname(fileURLToPath(import.meta.url));
const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const shared = ['payments'];

const zones = [
  ...features
    .filter((f) => !shared.includes(f))
    .map((f) => ({
      target: `./src/features/${f}`,
      from: './src/features',
      except: [`./${f}`, ...shared.map((s) => `./${s}`)],
      message: 'Features do not import each other: move what both need to src/components, src/lib or src/features/payments.',
    })),
  ...shared.map((s) => ({
    target: `./src/features/${s}`,
    from: './src/features',
    except: [`./${s}`],
    message: 'The shared payments module imports no other feature.',
  })),
  {
    target: ['./src/components', './src/lib'],
    from: './src/features',
    message: 'src/components and src/lib import no feature.',
  },
  {
    target: ['./src/features', './src/components', './src/lib'],
    from: './src/app',
    message: 'Only the app shell imports src/app: move what a feature needs to src/components or src/lib.',
  },
];

// Issue 26, item 1: an amount a person typed is read by lib/amount.ts's
// parseTypedAmount and nothing else ("150,75" once became 15075 through
// Number(text.replace(/,/g, ''))).
const readAmountsOnce = [
  {
    selector: "CallExpression[callee.name='Number'] > CallExpression[callee.property.name=/^(replace|replaceAll)$/]",
    message: 'Read a typed amount with parseTypedAmount/readAmount from @/lib/amount, never by stripping characters.',
  },
  {
    selector: "CallExpression[callee.name='parseFloat'], CallExpression[callee.object.name='Number'][callee.property.name='parseFloat']",
    message: 'Read a typed amount with parseTypedAmount/readAmount from @/lib/amount.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'contract'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          alias: { '@': [path.join(root, 'src')] },
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        }),
      ],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { zones, basePath: root }],
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Issue 26, item 3: every number, amount, rate and date a person reads is
    // written by the one formatter module, lib/money.ts, in the chosen
    // language ("5.42 BRL por USD" once showed on Portuguese pages).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/money.ts', 'src/lib/amount.ts', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...readAmountsOnce,
        {
          selector: "CallExpression[callee.property.name=/^(toFixed|toPrecision|toLocaleString|toLocaleDateString|toLocaleTimeString)$/]",
          message: 'Format with lib/money.ts (formatMoney, formatAmount, formatRate, formatNumber, formatDateTime, ...), or amountText from lib/amount.ts for machine text.',
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name=/^(NumberFormat|DateTimeFormat)$/]",
          message: 'Format with lib/money.ts, the one formatter module.',
        },
      ],
    },
  },
  {
    files: ['src/lib/money.ts'],
    rules: { 'no-restricted-syntax': ['error', ...readAmountsOnce] },
  },
  {
    // Playwright fixtures call a parameter `use`, which is not React's.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['scripts/**/*.{js,mjs}', '*.js'],
    languageOptions: { globals: globals.node },
  },
);
