/**
 * The renderer's layers (docs/architecture.md draws them), top to bottom:
 *   the root (main.tsx, index.html, styles.css) → app/ (shell, panel registry) → features/<name>/ →
 *   state/ and ui/ (side by side: neither imports the other);  api/ (the host client) is the root's alone.
 * A layer imports only layers below it; `no-folder-loops` in .dependency-cruiser.cjs forbids loops inside one.
 */
const R = '^src/renderer/';

module.exports = [
  {
    name: 'renderer-ui-is-a-kit',
    comment:
      'ui/ is the UI kit: it imports no app, feature, state or host client (the shell injects what it needs through UiHost).',
    severity: 'error',
    from: { path: `${R}ui/` },
    to: { path: `${R}(app|features|state)/|${R}[^/]+$` },
  },
  {
    name: 'renderer-state-is-not-visual',
    comment: 'state/ holds stores and host actions: it imports no app, feature, UI kit or host client.',
    severity: 'error',
    from: { path: `${R}state/` },
    to: { path: `${R}(app|features|ui)/|${R}[^/]+$` },
  },
  {
    name: 'renderer-features-below-the-shell',
    comment:
      'A feature does not import the shell (app/) or the root; the shell registers and composes features.',
    severity: 'error',
    from: { path: `${R}features/` },
    to: { path: `${R}app/|${R}[^/]+$` },
  },
  {
    name: 'renderer-features-apart',
    comment:
      'Features never import each other: what two need moves down into state/ or ui/, or the shell injects it.',
    severity: 'error',
    from: { path: `${R}features/([^/]+)/` },
    to: { path: `${R}features/`, pathNot: `${R}features/$1/` },
  },
  {
    name: 'renderer-api-only-from-the-root',
    comment:
      'Only the root (main.tsx) builds the host client; everything else reaches the host through state/hostContext.',
    severity: 'error',
    from: { path: `${R}(app|features|state|ui)/` },
    to: { path: `${R}api/` },
  },
  {
    name: 'renderer-api-imports-only-shared',
    comment: 'The host client (api/) depends on src/shared alone, nothing else of the renderer.',
    severity: 'error',
    from: { path: `${R}api/` },
    to: { path: R, pathNot: `${R}api/` },
  },
  {
    name: 'renderer-no-host-code',
    comment:
      'The renderer talks to the host only through PlaygroundApi: no src/main, src/runner, src/preload, Node or Electron.',
    severity: 'error',
    from: { path: R },
    to: {
      path: '^src/(main|runner|preload)/|(^|/)node_modules/electron/|^electron$',
    },
  },
  {
    name: 'renderer-no-node-builtins',
    comment: 'The renderer runs in a browser page (sandboxed in Electron): no Node built-in modules.',
    severity: 'error',
    from: { path: R },
    to: { dependencyTypes: ['core'] },
  },
];
