"""A QuickJS runtime and context in their own WebAssembly instance, with the few operations a
runner needs, each a thin wrapper over quickjs-emscripten's C API (`QTS_*`).

Values are JSValue pointers into the instance's memory. Temporaries are freed here; the values an
execution keeps are not, since the whole instance is dropped after the execution.
"""

import json

from quickjs_wasm import QuickJsWasm

PROMISE_PENDING, PROMISE_FULFILLED, PROMISE_REJECTED = 0, 1, 2
IS_SAME_VALUE = 1  # QTS_IsEqual's Object.is comparison
HELPER_NAMES = ("toHost", "formatLine", "thrown", "ownCode", "fromHost", "ignore")


class JsException(Exception):
    """A QuickJS call threw; `value` is what it threw (a pointer the catcher owns)."""

    def __init__(self, value):
        super().__init__("QuickJS threw")
        self.value = value


class GuestContext:
    def __init__(
        self, wasm: QuickJsWasm, memory_limit_bytes, max_stack_bytes, should_interrupt, helpers_source
    ):
        self.should_interrupt = should_interrupt  # asked by QuickJS now and then while guest code runs
        self.functions = {}  # host function id -> Python function(argument pointers) -> value pointer
        self.wasm = w = wasm.instantiate(memory_limit_bytes, self)
        self.rt = w.QTS_NewRuntime()
        w.QTS_RuntimeSetMaxStackSize(self.rt, max_stack_bytes)
        w.QTS_RuntimeEnableInterruptHandler(self.rt)
        self.ctx = w.QTS_NewContext(self.rt, 0)
        self.undefined = w.QTS_GetUndefined()
        self.global_object = w.QTS_GetGlobalObject(self.ctx)
        # Evaluated before any guest code, so the helpers hold the original built-ins.
        helpers = self.eval(helpers_source, "guest_helpers.js")
        self.helpers = {name: self.get(helpers, name) for name in HELPER_NAMES}

    def heap_exhausted(self):
        return self.wasm.heap_exhausted

    # The callback quickjs_wasm makes when guest code calls a host function.

    def call_function(self, ctx, this, argc, argv, function_id):
        args = [self.wasm.QTS_ArgvGetJSValueConstPointer(argv, index) for index in range(argc)]
        return self.functions[function_id](args)

    # Code and calls.

    def eval(self, code, filename, flags=0):
        w = self.wasm
        source_bytes = code.encode("utf-8", "surrogatepass")
        source, name = w.new_c_string(source_bytes), w.new_c_string(filename.encode())
        result = w.QTS_Eval(self.ctx, source, len(source_bytes), name, 0, flags)
        w.free(source)
        w.free(name)
        return self._checked(result)

    def call(self, function, *args):
        w = self.wasm
        argv = w.malloc(4 * len(args)) if args else 0  # an array of JSValue pointers
        for index, arg in enumerate(args):
            w.write_u32(argv + 4 * index, arg)
        result = w.QTS_Call(self.ctx, function, self.undefined, len(args), argv)
        if argv:
            w.free(argv)
        return self._checked(result)

    def call_helper(self, name, *args):
        """A guest_helpers.js function's answer (JSON text) as a Python value."""
        return self.read_json(self.call(self.helpers[name], *args))

    def run_jobs(self):
        """Runs the pending promise jobs until none is left or an uncatchable error (an interrupt)."""
        w = self.wasm
        context_out = w.malloc(4)
        while w.QTS_IsJobPending(self.rt):
            result = w.QTS_ExecutePendingJob(self.rt, -1, context_out)
            error = w.QTS_ResolveException(self.ctx, result)
            w.QTS_FreeValuePointer(self.ctx, result)
            if error:
                w.QTS_FreeValuePointer(self.ctx, error)
                break
        w.free(context_out)

    def _checked(self, result):
        error = self.wasm.QTS_ResolveException(self.ctx, result)
        if error:
            self.wasm.QTS_FreeValuePointer(self.ctx, result)
            raise JsException(error)
        return result

    # Values.

    def new_object(self):
        return self.wasm.QTS_NewObject(self.ctx)

    def new_string(self, text):
        address = self.wasm.new_c_string(text.encode("utf-8"))
        value = self.wasm.QTS_NewString(self.ctx, address)
        self.wasm.free(address)
        return value

    def new_function(self, name, function):
        function_id = len(self.functions) + 1
        self.functions[function_id] = function
        address = self.wasm.new_c_string(name.encode("utf-8"))
        value = self.wasm.QTS_NewFunction(self.ctx, address, 0, 0, function_id)
        self.wasm.free(address)
        return value

    def new_error(self, message, code):
        """An Error whose message and code are host strings."""
        error = self.wasm.QTS_NewError(self.ctx)
        self.set(error, "message", self.from_host(message))
        self.set(error, "code", self.from_host(code))
        return error

    def new_promise(self):
        """A pending promise and the functions that resolve and reject it."""
        w = self.wasm
        functions_out = w.malloc(8)
        promise = w.QTS_NewPromiseCapability(self.ctx, functions_out)
        resolve, reject = w.read_u32(functions_out), w.read_u32(functions_out + 4)
        w.free(functions_out)
        return promise, resolve, reject

    def rejected(self, reason):
        promise, _resolve, reject = self.new_promise()
        self.call(reject, reason)
        return promise

    def promise_state(self, promise):
        return self.wasm.QTS_PromiseState(self.ctx, promise)

    def promise_result(self, promise):
        return self.wasm.QTS_PromiseResult(self.ctx, promise)

    def get(self, target, key):
        key_value = self.new_string(key)
        value = self._checked(self.wasm.QTS_GetProp(self.ctx, target, key_value))
        self.free(key_value)
        return value

    def set(self, target, key, value):
        key_value = self.new_string(key)
        self.wasm.QTS_SetProp(self.ctx, target, key_value, value)
        self.free(key_value)

    def same_value(self, a, b):
        return bool(self.wasm.QTS_IsEqual(self.ctx, a, b, IS_SAME_VALUE))

    def free(self, value):
        self.wasm.QTS_FreeValuePointer(self.ctx, value)

    # Crossing the boundary, always as JSON text.

    def from_host(self, value):
        """A host value copied into the guest, read by the original JSON.parse."""
        text = self.new_string(json.dumps(value))
        copy = self.call(self.helpers["fromHost"], text)
        self.free(text)
        return copy

    def to_host(self, value, where):
        """["ok"] (undefined), ["ok", JSON text] or ["unsafe", reason]: `where` names the value."""
        where_value = self.new_string(where)
        answer = self.call_helper("toHost", value, where_value)
        self.free(where_value)
        return answer

    def read_json(self, value):
        """A guest string holding JSON text (freed here) as a Python value."""
        w = self.wasm
        address = w.QTS_GetString(self.ctx, value)
        text = w.read_c_string(address).decode("utf-8", "surrogatepass")
        w.QTS_FreeCString(self.ctx, address)
        self.free(value)
        return json.loads(text)
