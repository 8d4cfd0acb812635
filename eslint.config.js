import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

const WEB_SRC = path.join(import.meta.dirname, 'web', 'src');
/** Test files may use another feature's test helpers, never its code. */
const TEST_FILE = /\.test\.tsx?$|[\\/]test-utils\.tsx?$/;

const NO_SERVER_CODE = { group: ['../../server/*', '**/server/src/*'], message: 'The web app never imports server code.' };
/**
 * A page reads the blocks of texts it shows (`PARTICIPATIONS`, `FEEDBACK`…): one module importing
 * the whole catalogue puts every area's texts into the code that most pages share (decision 0012).
 */
const WHOLE_CATALOGUE = { name: '@creadefi/domain', importNames: ['MESSAGES'], message: 'Import the blocks of texts the module shows (decision 0012).' };

/** Where a module sits in web/src: its top folder, its feature under features/, and its path inside that feature. */
function placeInWeb(file) {
  const [top, feature, ...inside] = path.relative(WEB_SRC, file).split(path.sep);
  return { top, feature: top === 'features' ? feature : undefined, inside: inside.join('/') };
}

/**
 * A feature is reached by the others only through its entry (`features/<name>`, its index.ts);
 * what several features share lives in app/, api/ or ui/, which import no feature
 * (docs/architecture.md §1.4). Checks every relative import: static, dynamic and re-exports.
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      deep: "'{{source}}' reaches into the {{target}} feature: import its entry ('{{entry}}'), or move what is shared to app/, api/ or ui/.",
      shared: "'{{source}}' makes {{top}}/ depend on the {{target}} feature: {{top}}/ is shared by the features and imports none of them.",
    },
  },
  create(context) {
    const from = placeInWeb(context.filename);
    if (!['features', 'api', 'ui'].includes(from.top)) return {};
    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string' || !node.value.startsWith('.')) return;
      const to = placeInWeb(path.resolve(path.dirname(context.filename), node.value));
      if (!to.feature || to.feature === from.feature) return;
      const data = { source: node.value, target: to.feature, top: from.top };
      if (from.top !== 'features') return context.report({ node, messageId: 'shared', data });
      if (to.inside === '') return;
      if (TEST_FILE.test(context.filename) && to.inside.replace(/\.tsx?$/, '') === 'test-utils') return;
      const entry = path.relative(path.dirname(context.filename), path.join(WEB_SRC, 'features', to.feature)).split(path.sep).join('/');
      context.report({ node, messageId: 'deep', data: { ...data, entry } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/test-results/**', 'e2e/artifacts/**', 'server/src/db/migrations/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, creadefi: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features talk to each other through app/ and ui/, never by reaching into another feature's internals.
      'creadefi/feature-boundaries': 'error',
      'no-restricted-imports': ['error', { paths: [WHOLE_CATALOGUE], patterns: [NO_SERVER_CODE] }],
    },
  },
  {
    // Tests run no page: they may read any text from the whole catalogue.
    files: ['web/src/**/*.test.{ts,tsx}', 'web/src/**/test-utils.{ts,tsx}', 'web/src/test/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_SERVER_CODE] }],
    },
  },
  {
    files: ['domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'fs', 'path', 'http'], message: 'domain/ is pure: no I/O.' }] }],
    },
  },
);
