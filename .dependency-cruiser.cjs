/**
 * Import boundaries, checked by `npm run lint` (dependency-cruiser). Each folder sits in a layer and
 * imports only the layers below it; no two folders import each other in a loop, at any level.
 * docs/architecture.md draws the layers; src/main/layers.cjs and src/renderer/layers.cjs hold the
 * rules of each side.
 */
const mainLayers = require('./src/main/layers.cjs');
const rendererLayers = require('./src/renderer/layers.cjs');

module.exports = {
  forbidden: [
    {
      name: 'no-folder-loops',
      comment: 'Two folders that import each other (directly or through others) are one folder in disguise.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'shared-is-pure',
      comment: 'src/shared holds contracts and pure helpers: it imports nothing of the programs.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(main|runner|renderer|preload)/' },
    },
    {
      name: 'runner-imports-only-shared',
      comment: 'The sandbox runner is its own program: it imports only src/shared.',
      severity: 'error',
      from: { path: '^src/runner/' },
      to: { path: '^src/(main|renderer|preload)/' },
    },
    {
      name: 'preload-imports-only-shared',
      comment: 'The preload script exposes PlaygroundApi and nothing else.',
      severity: 'error',
      from: { path: '^src/preload/' },
      to: { path: '^src/(main|runner|renderer)/' },
    },
    ...mainLayers,
    ...rendererLayers,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|out|test-out)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'] },
  },
};
