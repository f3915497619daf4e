import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(root, 'src/main/electron/index.ts'),
          cli: resolve(root, 'src/main/cli/index.ts'),
          runner: resolve(root, 'src/runner/runnerEntry.ts'),
          // Each TPMJS tool call runs this fixed program in its own process (src/main/tpmjsExecutor).
          tpmjsToolChild: resolve(root, 'src/main/tpmjsExecutor/toolChild.ts'),
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
