// node:fs, not node:fs/promises: loading fs/promises costs a cold worker about 3 ms.
import { readFile } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUICKJS_WASM_FILE } from './runnerBundleFiles';

/** True in the runner and CLI bundles, whose build copies the wasm beside them (see bundleRunner.ts). */
declare const __EXECBOX_QUICKJS_WASM_BESIDE_BUNDLE__: true | undefined;

function quickJsWasmPath(): string {
  // Resolving the package through its package.json costs a cold runner process 2-3 ms.
  if (typeof __EXECBOX_QUICKJS_WASM_BESIDE_BUNDLE__ !== 'undefined')
    return join(dirname(fileURLToPath(import.meta.url)), QUICKJS_WASM_FILE);
  return createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
}

/** The WebAssembly JS API (the Node typings declare its types but not the global value). */
const wasm = (
  globalThis as unknown as {
    WebAssembly: {
      compile(bytes: Uint8Array): Promise<WebAssembly.Module>;
      Module: new (bytes: Uint8Array) => WebAssembly.Module;
    };
  }
).WebAssembly;

let compiled: Promise<WebAssembly.Module> | undefined;
let ready: WebAssembly.Module | undefined;

/** QuickJS's WebAssembly module, compiled once per thread (or handed over by the thread that did). */
export function compileQuickJsWasm(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const path = quickJsWasmPath();
    // Read asynchronously: a synchronous read here measured 30-40 ms slower on `execbox run`.
    const bytes = await new Promise<Buffer>((resolve, reject) =>
      readFile(path, (error, data) => (error ? reject(error) : resolve(data))),
    );
    ready = await wasm.compile(bytes);
    return ready;
  })();
  return compiled;
}

/** The compiled module if it is ready now; starts compiling it otherwise. */
export function compiledQuickJsWasmNow(): WebAssembly.Module | undefined {
  void compileQuickJsWasm().catch(() => {});
  return ready;
}

/**
 * Uses a module another thread of this process compiled (a worker's host passes its own): V8 shares
 * the compiled code, including every function that thread or an earlier worker already compiled.
 * Anything else is ignored and the module is compiled here as usual.
 */
export function adoptQuickJsWasm(candidate: unknown): void {
  if (compiled || !(candidate instanceof wasm.Module)) return;
  ready = candidate;
  compiled = Promise.resolve(candidate);
}
