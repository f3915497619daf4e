import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import { compileQuickJsWasm } from './quickJsWasm';

const PAGE_BYTES = 64 * 1024;
/** The module's own static data, C stack and allocator bookkeeping, on top of the guest's limit. */
export const MODULE_OVERHEAD_BYTES = 4 * 1024 * 1024;
/** The release-sync build declares its memory import with at least 256 pages (16 MiB). */
const MIN_PAGES = 256;
/** wasm32 cannot address more than 65536 pages (4 GiB). */
const MAX_PAGES = 65536;
/**
 * Emscripten's emscripten_resize_heap tries memory.grow up to three times (over-growing by 20%, 10%
 * and 5%) before malloc returns NULL; three failures in a row with no success between therefore
 * mean a real allocation failure at the cap, not just a too-greedy over-growth attempt.
 */
const GROW_ATTEMPTS_PER_RESIZE = 3;

export interface BoundedQuickJsModule {
  module: QuickJSWASMModule;
  maxPages: number;
  /** True once an allocation failed because the heap is at its cap (since the last reset). */
  heapExhausted(): boolean;
  resetHeapExhausted(): void;
  heapBytes(): number;
  /**
   * Marks the module as left mid-operation (the host's own stack overflowed inside it): its memory
   * is never touched again, not even to free a runtime, and the module is dropped.
   */
  abandon(): void;
  abandoned(): boolean;
}

interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(deltaPages: number): number;
}

/** The WebAssembly JS API (the Node typings declare its types but not the global value). */
const wasm = (
  globalThis as unknown as {
    WebAssembly: {
      Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory;
    };
  }
).WebAssembly;

export function pagesForLimit(memoryLimitBytes: number): number {
  const pages = Math.ceil((memoryLimitBytes + MODULE_OVERHEAD_BYTES) / PAGE_BYTES);
  return Math.min(MAX_PAGES, Math.max(MIN_PAGES, pages));
}

/**
 * A QuickJS module whose WebAssembly heap cannot grow past `maxPages`: quickjs-emscripten 0.32's
 * setMemoryLimit does not bound memory, the WebAssembly.Memory maximum does. Allocation failures are
 * observed at memory.grow, so a memory_limit is classified from what happened, not from error text.
 */
export async function createBoundedQuickJsModule(maxPages: number): Promise<BoundedQuickJsModule> {
  const memory = new wasm.Memory({ initial: MIN_PAGES, maximum: maxPages });
  let failedInARow = 0;
  let exhausted = false;
  let abandoned = false;
  const grow = memory.grow.bind(memory);
  memory.grow = (delta: number): number => {
    try {
      const previous = grow(delta);
      failedInARow = 0;
      return previous;
    } catch (error) {
      failedInARow += 1;
      if (failedInARow >= GROW_ATTEMPTS_PER_RESIZE) exhausted = true;
      throw error;
    }
  };
  const wasmModule = await compileQuickJsWasm();
  const module = await newQuickJSWASMModuleFromVariant(
    newVariant(variant, { wasmModule, wasmMemory: memory as never }),
  );
  return {
    module,
    maxPages,
    heapExhausted: () => exhausted,
    resetHeapExhausted: () => {
      exhausted = false;
      failedInARow = 0;
    },
    heapBytes: () => memory.buffer.byteLength,
    abandon: () => {
      abandoned = true;
    },
    abandoned: () => abandoned,
  };
}
