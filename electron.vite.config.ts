import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { bundleCli } from './scripts/bundleCli';
import { bundleRunner } from './scripts/bundleRunner';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    // The runner and the CLI's `run` are built apart from the main chunks: each one file with its
    // code cache (the CLI's is written by running it, so it needs the runner built first).
    plugins: [
      {
        name: 'execbox-runner-and-cli-bundles',
        apply: 'build',
        closeBundle: async () => {
          await bundleRunner(resolve(root, 'out/main'));
          await bundleCli(resolve(root, 'out/main'));
        },
      },
    ],
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(root, 'src/main/faces/electron/index.ts'),
          cli: resolve(root, 'src/main/faces/cli/index.ts'),
          // Each TPMJS tool call runs this fixed program in its own process (src/main/programs/tpmjsExecutor).
          tpmjsToolChild: resolve(root, 'src/main/programs/tpmjsExecutor/toolChild.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      // electron-vite leaves the renderer unminified; Monaco (editor core and TypeScript worker) is
      // most of it, and minified it is about half the bytes to load and parse.
      minify: 'esbuild',
      rollupOptions: { input: { index: resolve(root, 'src/renderer/index.html') } },
      chunkSizeWarningLimit: 5000,
    },
  },
});
