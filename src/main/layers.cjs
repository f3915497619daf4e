/**
 * The trusted host's layers, bottom to top (docs/architecture.md draws them). A folder imports only
 * its own layer's lower folders and the layers below it; src/shared and src/runner from anywhere.
 */
const LAYERS = [
  ['system', 'files, processes, tokens and addresses: Node helpers that know nothing of the app'],
  ['engine', 'runs guest code: tool resolution, dispatcher, transports, executors'],
  ['programs', 'separate programs the app can also start: TPMJS executor, conformance kit, runner server'],
  ['secrets', 'the secret store, masking and destinations'],
  ['providers', 'mock, MCP, module and TPMJS tool providers'],
  ['services', "the app's services: runs, debugging, workspaces, executors' control"],
  ['app', 'the composition root that builds a PlaygroundHost from the services'],
  ['faces', 'what a person or program talks to: CLI, Electron, browser-mode server, MCP server'],
];

const upward = LAYERS.map(([name, what], index) => ({
  name: `main-${name}-imports-only-below`,
  comment: `src/main/${name} (${what}) may not import a layer above it.`,
  severity: 'error',
  from: { path: `^src/main/${name}/` },
  to: {
    path: `^src/main/(${LAYERS.slice(index + 1)
      .map(([above]) => above)
      .join('|')})/`,
  },
}));

module.exports = [
  ...upward.filter((rule) => !rule.name.startsWith('main-faces')),
  {
    name: 'main-tpmjs-executor-stands-alone',
    comment: 'The TPMJS executor is its own program: it uses only src/shared and src/main/system.',
    severity: 'error',
    from: { path: '^src/main/programs/tpmjsExecutor/' },
    to: { path: '^src/(main/(?!system/|programs/tpmjsExecutor/)|runner/|renderer/)' },
  },
  {
    name: 'main-programs-stand-apart',
    comment: 'The separate programs do not import each other.',
    severity: 'error',
    from: { path: '^src/main/programs/([^/]+)/' },
    to: { path: '^src/main/programs/([^/]+)/', pathNot: '^src/main/programs/$1/' },
  },
  {
    name: 'main-stays-out-of-renderer',
    comment: 'The host reaches the UI only through the PlaygroundApi contract in src/shared.',
    severity: 'error',
    from: { path: '^src/main/' },
    to: { path: '^src/(renderer|preload)/' },
  },
];
