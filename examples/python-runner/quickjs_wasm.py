"""QuickJS, as quickjs-emscripten builds it to WebAssembly, loaded with wasmtime and driven from Python.

The wasm is emscripten output: besides its memory it imports a few system functions (clock, heap
growth, abort, fd_write, ...) that emscripten's JavaScript glue normally provides, plus the
callbacks quickjs-emscripten's C code makes into its host (a host function was called, should the
guest be interrupted). This module provides all of them in Python and exposes the C API, the
exported `QTS_*` functions, as methods: `wasm.QTS_NewRuntime()`.

The build minifies import and export names to one or two letters. Exports are named in the glue
file beside the wasm (`c._QTS_Eval=b.pa`), so they are read from it; the 20 imports are listed
below (IMPORT_ROLES) for the one version this runner was written against, which is checked at start.
"""

import json
import math
import re
import struct
import sys
import time
from pathlib import Path

import wasmtime

PACKAGE = "@jitl/quickjs-wasmfile-release-sync"
PACKAGE_VERSION = "0.32.0"
PAGE_BYTES = 64 * 1024
# The module's own data, C stack and allocator bookkeeping, on top of the guest's memory limit.
MODULE_OVERHEAD_BYTES = 4 * 1024 * 1024
# The module declares its memory import with at least 256 pages and at most 32768 (2 GiB).
MIN_PAGES, MAX_PAGES = 256, 32768
# Native stack for WebAssembly frames (wasmtime allows at most its async stack size, 2 MiB).
WASM_STACK_BYTES = 2 * 1024 * 1024

# What each minified import of this build is (from the glue's import object, `ta={b:..., c:...}`).
IMPORT_ROLES = {
    "a": "memory",
    "b": "assert_fail",
    "c": "fd_write",
    "d": "fd_close",
    "e": "environ_get",
    "f": "environ_sizes_get",
    "g": "host_normalize_module",
    "h": "host_load_module_source",
    "i": "host_interrupt_handler",
    "j": "setitimer",
    "k": "resize_heap",
    "l": "keepalive_clear",
    "m": "localtime",
    "n": "tzset",
    "o": "fd_seek",
    "p": "date_now",
    "q": "abort",
    "r": "proc_exit",
    "s": "host_call_function",
    "t": "host_free_host_ref",
}
CONSTRUCTORS_EXPORT = "u"  # __wasm_call_ctors, which the glue calls once after instantiating
ENOSYS, ESPIPE = 52, 70


class WasmAbort(Exception):
    """The C code aborted (a failed assertion, abort(), exit()): the instance must not be used again."""


def find_package(start: Path) -> Path:
    """The package's folder in the nearest node_modules at or above `start`."""
    for folder in [start, *start.parents]:
        candidate = folder / "node_modules" / PACKAGE
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"{PACKAGE} is not installed in any node_modules above {start} (run npm ci)")


class QuickJsWasm:
    """The compiled module and the names of its exports; compile once, instantiate per execution."""

    def __init__(self, package: Path):
        version = json.loads((package / "package.json").read_text())["version"]
        if version != PACKAGE_VERSION:
            raise RuntimeError(
                f"{PACKAGE} is {version}; this runner knows the imports of {PACKAGE_VERSION} only "
                "(see IMPORT_ROLES in quickjs_wasm.py)"
            )
        glue = (package / "dist" / "emscripten-module.cjs").read_text()
        # `c._QTS_Eval=b.pa`: the C name, then the export's minified name.
        self.export_names = {name: letter for name, letter in re.findall(r"c\._(\w+)=\s*b\.([\w$]+)", glue)}
        config = wasmtime.Config()
        config.cache = True  # compiling takes seconds; wasmtime's cache (~/.cache/wasmtime) makes it once
        # Room for QuickJS's own stack limit (execution.MAX_STACK_BYTES of its shadow stack) to be
        # reached first, so deep recursion is a catchable RangeError; the default 512 KiB is not.
        config.max_wasm_stack = WASM_STACK_BYTES
        self.engine = wasmtime.Engine(config)
        self.module = wasmtime.Module.from_file(self.engine, str(package / "dist" / "emscripten-module.wasm"))

    def instantiate(self, memory_limit_bytes: int, host) -> "WasmInstance":
        return WasmInstance(self, memory_limit_bytes, host)


class WasmInstance:
    """One instance with its own memory, capped at `memory_limit_bytes` plus the module's overhead.

    `host` answers the quickjs-emscripten callbacks: call_function(ctx, this, argc, argv, id) -> int
    (a JSValue pointer, 0 for undefined) and should_interrupt() -> bool.
    """

    def __init__(self, wasm: QuickJsWasm, memory_limit_bytes: int, host):
        self.host = host
        self.store = wasmtime.Store(wasm.engine)
        self.max_pages = min(
            MAX_PAGES, max(MIN_PAGES, math.ceil((memory_limit_bytes + MODULE_OVERHEAD_BYTES) / PAGE_BYTES))
        )
        # True once an allocation failed because the heap reached its cap: a real memory_limit.
        self.heap_exhausted = False
        self.memory = wasmtime.Memory(
            self.store, wasmtime.MemoryType(wasmtime.Limits(MIN_PAGES, self.max_pages))
        )
        imports_by_role = self._imports()
        imports = []
        for item in wasm.module.imports:
            role = IMPORT_ROLES[item.name]
            if role == "memory":
                imports.append(self.memory)
            else:
                imports.append(wasmtime.Func(self.store, item.type, imports_by_role[role]))
        instance = wasmtime.Instance(self.store, wasm.module, imports)
        exports = instance.exports(self.store)
        for name, letter in wasm.export_names.items():
            function = exports[letter]
            setattr(self, name, lambda *args, f=function: f(self.store, *args))
        exports[CONSTRUCTORS_EXPORT](self.store)

    # Memory helpers.

    def read_u32(self, address: int) -> int:
        return struct.unpack("<I", self.memory.read(self.store, address, address + 4))[0]

    def write_u32(self, address: int, value: int) -> None:
        self.memory.write(self.store, struct.pack("<I", value & 0xFFFFFFFF), address)

    def read_c_string(self, address: int) -> bytes:
        chunks, size = [], self.memory.data_len(self.store)
        while address < size:
            chunk = self.memory.read(self.store, address, min(address + PAGE_BYTES, size))
            end = chunk.find(0)
            if end >= 0:
                chunks.append(chunk[:end])
                return b"".join(chunks)
            chunks.append(chunk)
            address += len(chunk)
        raise ValueError("a C string runs past the end of memory")

    def new_c_string(self, data: bytes) -> int:
        """A malloc'd NUL-terminated copy of `data` (free it with `free`)."""
        address = self.malloc(len(data) + 1)
        if address == 0:
            raise MemoryError("malloc failed")
        self.memory.write(self.store, data + b"\0", address)
        return address

    # The imports.

    def _imports(self):
        def fail(reason):
            raise WasmAbort(reason)

        def fd_write(fd, iovs, count, written_out):
            # The C code never prints on its own; if it does, it goes to stderr (stdout is the protocol).
            total = 0
            for index in range(count):
                base, length = self.read_u32(iovs + 8 * index), self.read_u32(iovs + 8 * index + 4)
                sys.stderr.write(self.memory.read(self.store, base, base + length).decode("utf-8", "replace"))
                total += length
            self.write_u32(written_out, total)
            return 0

        def environ_sizes_get(count_out, size_out):
            self.write_u32(count_out, 0)
            self.write_u32(size_out, 0)
            return 0

        def localtime(seconds, tm):
            # The guest's local time zone is UTC: Date behaves the same on every machine.
            t = time.gmtime(seconds)
            fields = [
                t.tm_sec,
                t.tm_min,
                t.tm_hour,
                t.tm_mday,
                t.tm_mon - 1,
                t.tm_year - 1900,
                (t.tm_wday + 1) % 7,
                t.tm_yday - 1,
                0,
                0,
            ]
            self.memory.write(self.store, struct.pack("<10i", *fields), tm)

        def tzset(timezone_out, daylight_out, std_name, dst_name):
            self.write_u32(timezone_out, 0)
            self.write_u32(daylight_out, 0)
            self.memory.write(self.store, b"UTC\0", std_name)
            self.memory.write(self.store, b"UTC\0", dst_name)

        return {
            "assert_fail": lambda *_: fail("assertion failed in QuickJS"),
            "abort": lambda: fail("QuickJS aborted"),
            "proc_exit": lambda code: fail(f"QuickJS called exit({code})"),
            "fd_write": fd_write,
            "fd_close": lambda fd: ENOSYS,
            "fd_seek": lambda fd, offset, whence, out: ESPIPE,
            "environ_get": lambda environ, buffer: 0,
            "environ_sizes_get": environ_sizes_get,
            "setitimer": lambda which, ms: 0,
            "keepalive_clear": lambda: None,
            "localtime": localtime,
            "tzset": tzset,
            "date_now": lambda: time.time() * 1000.0,
            "resize_heap": self._resize_heap,
            "host_call_function": lambda ctx, this, argc, argv, id: self.host.call_function(
                ctx, this, argc, argv, id
            ),
            "host_interrupt_handler": lambda rt: 1 if self.host.should_interrupt() else 0,
            "host_load_module_source": lambda rt, ctx, name: 0,
            "host_normalize_module": lambda rt, ctx, base, name: 0,
            "host_free_host_ref": lambda rt, id: None,
        }

    def _resize_heap(self, requested_bytes: int) -> int:
        """malloc needs the heap to be `requested_bytes` long: grow it, unless that passes the cap."""
        requested_bytes &= 0xFFFFFFFF
        current_pages = self.memory.size(self.store)
        wanted_pages = math.ceil(requested_bytes / PAGE_BYTES)
        if wanted_pages > self.max_pages:
            self.heap_exhausted = True
            return 0
        # Grow a fifth more than asked (as emscripten does) so a growing guest does not grow per page.
        pages = min(self.max_pages, max(wanted_pages, current_pages + current_pages // 5))
        self.memory.grow(self.store, pages - current_pages)
        return 1
