"""One execution: the guest's code in a fresh QuickJS runtime, from `execute` to its `done`.

Guest tool calls become tool_call messages and leave the guest awaiting a promise the runner
holds; deliver() settles it when the tool_result comes, and the guest's pending jobs run on.
Failures are classified from what the runner knows, never from error text: its own deadline or a
cancel interrupted the guest (timeout), the heap hit its cap (memory_limit), a rejection is one of
the very errors the runner made from a trusted tool failure (that failure's code), and anything
else the guest threw is a runtime_error.
"""

import json
import re
import time

import wasmtime

from quickjs_wasm import QuickJsWasm

EVAL_FLAG_ASYNC = 1 << 7  # QuickJS's JS_EVAL_FLAG_ASYNC: top-level await; resolves to {value}
PROMISE_PENDING, PROMISE_FULFILLED, PROMISE_REJECTED = 0, 1, 2
IS_SAME_VALUE = 1
MAX_STACK_BYTES = 256 * 1024
GUEST_FILE = "guest.js"
TIMEOUT_MESSAGE = "Execution timed out"
CONSOLE_METHODS = ("log", "info", "warn", "error")
MAX_MESSAGE_CHARS = 4000
NESTED_TOO_DEEPLY = "the code nests too deeply: the WebAssembly stack is exhausted"


class JsException(Exception):
    """A QuickJS call threw; `value` is the thrown value's pointer (owned by whoever catches it)."""

    def __init__(self, value):
        super().__init__("QuickJS threw")
        self.value = value


def utf16_length(text):
    """The length JavaScript gives a string (UTF-16 code units), which the log limits count in."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def utf16_prefix(text, units):
    return text.encode("utf-16-le", "surrogatepass")[: 2 * units].decode("utf-16-le", "surrogatepass")


class Logs:
    """The runner specification's truncation, applied as lines come: earliest maxLogLines lines,
    then maxLogChars characters across them, clipping the line where the limit falls."""

    def __init__(self, max_lines, max_chars):
        self.lines, self.max_lines, self.room = [], max_lines, max_chars

    def full(self):
        return len(self.lines) >= self.max_lines or self.room <= 0

    def append(self, line):
        if self.full():
            return
        length = utf16_length(line)
        if length > self.room:
            line, length = utf16_prefix(line, self.room), self.room
        self.lines.append(line)
        self.room -= length


class Execution:
    def __init__(self, wasm: QuickJsWasm, helpers_source, execute, send, is_cancelled):
        self.id = execute["id"]
        self.execute = execute
        self.send = send
        self.is_cancelled = is_cancelled  # true once a cancel for this id was read (even mid-loop)
        options = execute["options"]
        self.accepted_at = time.monotonic()
        self.deadline = self.accepted_at + options["timeoutMs"] / 1000
        self.logs = Logs(options["maxLogLines"], options["maxLogChars"])
        self.interrupted = None  # "timeout" or "cancel" once the guest must stop
        self.done = None  # the terminal message, once there is one
        self.pending = {}  # callId -> (resolve, reject, "provider.tool")
        self.trusted = []  # (error value, {code, message, tool}) for each error made from a trusted failure
        self.functions = {}  # host function id -> Python function(argument pointers) -> value pointer
        self.next_call = 0
        self.compiled = wasm
        self.wasm = None  # this execution's own WebAssembly instance, made in start()
        self.helpers_source = helpers_source

    # What the host side of the runner calls.

    def start(self):
        self._guarded(self._start)

    def deliver(self, message):
        """Settles the pending call `message` answers; False when no such call is pending."""
        entry = None if self.done else self.pending.pop(message["callId"], None)
        if entry is None:
            return False
        resolve, reject, tool = entry

        def settle():
            if message["ok"]:
                value = self._from_host(message["result"]) if "result" in message else self.undefined
                self._call(resolve, value)
            else:
                error = message["error"]
                self._call(reject, self._trusted_error(error["code"], error["message"], tool))
            self._pump()

        self._guarded(settle)
        return True

    def cancel(self, reason="cancel"):
        """Stops the guest: what it awaits is rejected (finally blocks run), then the done is a timeout."""
        if self.done:
            return
        self.interrupted = self.interrupted or reason

        def unwind():
            for resolve, reject, _tool in list(self.pending.values()):
                self._call(reject, self._trusted_error("timeout", TIMEOUT_MESSAGE))
            self.pending.clear()
            self._run_jobs()
            self._finish_with(self._limit_outcome())

        self._guarded(unwind)

    def fail(self, reason):
        """The host broke the protocol during this execution: it ends with internal_error."""
        if not self.done:
            self.interrupted = "cancel"
            self._finish_with({"code": "internal_error", "message": reason})

    def seconds_left(self):
        return max(0.0, self.deadline - time.monotonic())

    # The callbacks quickjs_wasm makes.

    def should_interrupt(self):
        if self.interrupted is None:
            if time.monotonic() >= self.deadline:
                self.interrupted = "timeout"
            elif self.is_cancelled():
                self.interrupted = "cancel"
        return self.interrupted is not None

    def call_function(self, ctx, this, argc, argv, function_id):
        args = [self.wasm.QTS_ArgvGetJSValueConstPointer(argv, index) for index in range(argc)]
        return self.functions[function_id](args)

    # Setting up the context.

    def _start(self):
        w = self.wasm = self.compiled.instantiate(self.execute["options"]["memoryLimitBytes"], self)
        self.rt = w.QTS_NewRuntime()
        w.QTS_RuntimeSetMaxStackSize(self.rt, MAX_STACK_BYTES)
        w.QTS_RuntimeEnableInterruptHandler(self.rt)
        self.ctx = w.QTS_NewContext(self.rt, 0)
        self.undefined = w.QTS_GetUndefined()
        helpers = self._eval(self.helpers_source, "guest_helpers.js", 0)
        self.helpers = {
            name: self._get(helpers, name)
            for name in ("toHost", "formatLine", "thrown", "ownCode", "fromHost", "ignore")
        }
        self._install_globals()
        code = self.execute["code"]
        # A script with top-level await: its promise resolves to {value: the completion value}.
        self.completion_wrapped = True
        try:
            self.main = self._eval(code, GUEST_FILE, EVAL_FLAG_ASYNC)
        except JsException as error:  # it did not parse, so no guest code ran
            try:
                # Code that returns at top level is an async function's body, as the project's runner
                # allows; on the wrapper's first line, so line numbers stay the guest's.
                self.main = self._eval("(async () => {" + code + "\n})()", GUEST_FILE, 0)
                self.completion_wrapped = False
            except JsException:
                self._finish_with(self._limit_outcome() or self._guest_error(error.value))
                return
        self._pump()

    def _install_globals(self):
        w = self.wasm
        global_object = w.QTS_GetGlobalObject(self.ctx)
        self.console = w.QTS_NewObject(self.ctx)
        self.console_methods = {
            method: self._new_function(method, self._console_write) for method in CONSOLE_METHODS
        }
        for method, function in self.console_methods.items():
            self._set(self.console, method, function)
        self._set(global_object, "console", self.console)
        for provider in self.execute["providers"]:
            namespace = w.QTS_NewObject(self.ctx)
            for tool in provider["tools"].values():
                name = tool["safeName"]
                call = lambda args, provider=provider["name"], name=name: self._call_tool(
                    provider, name, args
                )
                self._set(namespace, name, self._new_function(name, call))
            self._set(global_object, provider["name"], namespace)

    def _console_write(self, args):
        if not self.logs.full():
            self.logs.append(self._read_json(self._call(self.helpers["formatLine"], *args)))
            if self.logs.full():
                self._silence_console()
        return 0

    def _silence_console(self):
        """Once the logs are full, console methods that are still ours become a guest-side no-op, so
        a guest logging in a loop no longer calls out of the sandbox (each call costs microseconds)."""
        for method, function in self.console_methods.items():
            current = self._get(self.console, method)
            if self.wasm.QTS_IsEqual(self.ctx, current, function, IS_SAME_VALUE):
                self._set(self.console, method, self.helpers["ignore"])
            self.wasm.QTS_FreeValuePointer(self.ctx, current)

    def _call_tool(self, provider, name, args):
        tool = f"{provider}.{name}"
        if self.interrupted or self.done:
            # A call made while the guest is being stopped never settles, so a guest that catches
            # and calls again cannot keep itself running.
            return self._new_promise()[0]
        # Only the first argument is the input; none at all is an omitted input.
        kind, *payload = self._to_host(args[0] if args else self.undefined, "input")
        if kind != "ok":
            return self._rejected(self._trusted_error("serialization_error", payload[0], tool))
        self.next_call += 1
        call_id = f"call-{self.next_call}"
        promise, resolve, reject = self._new_promise()
        self.pending[call_id] = (resolve, reject, tool)
        message = {"type": "tool_call", "callId": call_id, "providerName": provider, "safeToolName": name}
        if payload:
            message["input"] = json.loads(payload[0])
        self.send(message)
        return promise

    # Running and finishing.

    def _pump(self):
        """Runs the guest's pending jobs, then ends the execution if its main promise settled."""
        if not self._limit_outcome():
            self._run_jobs()
        limit = self._limit_outcome()
        if limit:
            self._finish_with(limit)
            return
        state = self.wasm.QTS_PromiseState(self.ctx, self.main)
        if state == PROMISE_PENDING:
            if not self.pending:
                self._finish_with(
                    {
                        "code": "runtime_error",
                        "message": "the guest awaits a promise that nothing can settle (no tool call is pending)",
                    }
                )
        elif state == PROMISE_REJECTED:
            self._finish_with(self._rejection(self.wasm.QTS_PromiseResult(self.ctx, self.main)))
        else:
            value = self.wasm.QTS_PromiseResult(self.ctx, self.main)
            if self.completion_wrapped:
                value = self._get(value, "value")
            kind, *payload = self._to_host(value, "result")
            if kind != "ok":
                self._finish_with({"code": "serialization_error", "message": payload[0]})
            else:
                self._finish(json.loads(payload[0]) if payload else None, has_result=bool(payload))

    def _run_jobs(self):
        w = self.wasm
        context_out = w.malloc(4)
        while w.QTS_IsJobPending(self.rt):
            result = w.QTS_ExecutePendingJob(self.rt, -1, context_out)
            error = w.QTS_ResolveException(self.ctx, result)
            w.QTS_FreeValuePointer(self.ctx, result)
            if error:  # only an uncatchable error escapes a job: an interrupt (or out of memory)
                w.QTS_FreeValuePointer(self.ctx, error)
                break
        w.free(context_out)

    def _limit_outcome(self):
        """Limits win over whatever the guest did."""
        if self.interrupted:
            return {"code": "timeout", "message": TIMEOUT_MESSAGE}
        if self.wasm is not None and self.wasm.heap_exhausted:
            limit = self.execute["options"]["memoryLimitBytes"]
            return {"code": "memory_limit", "message": f"Memory limit of {limit} bytes exceeded"}
        return None

    def _rejection(self, value):
        limit = self._limit_outcome()
        if limit:
            return limit
        for error, trusted in self.trusted:
            if self.wasm.QTS_IsEqual(self.ctx, value, error, IS_SAME_VALUE):
                if self._read_json(self._call(self.helpers["ownCode"], value)) == trusted["code"]:
                    return dict(trusted)
        return self._guest_error(value)

    def _guest_error(self, value):
        """What the guest threw, as runtime_error with its own message (and name, line)."""
        name, message, stack = self._read_json(self._call(self.helpers["thrown"], value))
        error = {"code": "runtime_error", "message": message[:MAX_MESSAGE_CHARS]}
        if name:
            error["name"] = name
        line = re.search(r"\(?" + re.escape(GUEST_FILE) + r":(\d+)", stack)
        if line and int(line.group(1)) >= 1:
            error["line"] = int(line.group(1))
        return error

    def _finish_with(self, error):
        self._finish(None, has_result=False, error=error)

    def _finish(self, result, has_result, error=None):
        if self.done:
            return
        self.done = {
            "type": "done",
            "id": self.id,
            "ok": error is None,
            "durationMs": round((time.monotonic() - self.accepted_at) * 1000, 3),
            "logs": self.logs.lines,
        }
        if error is not None:
            self.done["error"] = error
        elif has_result:
            self.done["result"] = result

    def _guarded(self, step):
        """An engine failure (a trap, an abort) ends the execution; a limit it hit still names it."""
        if self.done:
            return
        try:
            step()
        except wasmtime.Trap as trap:
            if trap.trap_code == wasmtime.TrapCode.STACK_OVERFLOW:  # the guest nested too deeply
                self._finish_with(
                    self._limit_outcome()
                    or {"code": "runtime_error", "message": NESTED_TOO_DEEPLY, "name": "RangeError"}
                )
            else:
                self._finish_with(
                    self._limit_outcome()
                    or {"code": "internal_error", "message": f"runner failure: {trap.message}"}
                )
        except Exception as failure:  # noqa: BLE001 - whatever broke, the host gets one done
            self._finish_with(
                self._limit_outcome() or {"code": "internal_error", "message": f"runner failure: {failure}"}
            )

    # Thin wrappers over the C API. Values are JSValue pointers. Temporaries are freed; the values
    # an execution keeps are not, since the whole WebAssembly instance is dropped after it.

    def _eval(self, code, filename, flags):
        w = self.wasm
        source = w.new_c_string(code.encode("utf-8", "surrogatepass"))
        name = w.new_c_string(filename.encode())
        result = w.QTS_Eval(self.ctx, source, len(code.encode("utf-8", "surrogatepass")), name, 0, flags)
        w.free(source)
        w.free(name)
        return self._checked(result)

    def _checked(self, result):
        error = self.wasm.QTS_ResolveException(self.ctx, result)
        if error:
            self.wasm.QTS_FreeValuePointer(self.ctx, result)
            raise JsException(error)
        return result

    def _call(self, function, *args):
        w = self.wasm
        argv = w.malloc(4 * len(args)) if args else 0
        for index, arg in enumerate(args):
            w.write_u32(argv + 4 * index, arg)
        result = w.QTS_Call(self.ctx, function, self.undefined, len(args), argv)
        if argv:
            w.free(argv)
        return self._checked(result)

    def _new_string(self, text):
        address = self.wasm.new_c_string(text.encode("utf-8"))
        value = self.wasm.QTS_NewString(self.ctx, address)
        self.wasm.free(address)
        return value

    def _get(self, target, key):
        key_value = self._new_string(key)
        value = self._checked(self.wasm.QTS_GetProp(self.ctx, target, key_value))
        self.wasm.QTS_FreeValuePointer(self.ctx, key_value)
        return value

    def _set(self, target, key, value):
        key_value = self._new_string(key)
        self.wasm.QTS_SetProp(self.ctx, target, key_value, value)
        self.wasm.QTS_FreeValuePointer(self.ctx, key_value)

    def _new_function(self, name, function):
        function_id = len(self.functions) + 1
        self.functions[function_id] = function
        address = self.wasm.new_c_string(name.encode("utf-8"))
        value = self.wasm.QTS_NewFunction(self.ctx, address, 0, 0, function_id)
        self.wasm.free(address)
        return value

    def _new_promise(self):
        w = self.wasm
        functions_out = w.malloc(8)
        promise = w.QTS_NewPromiseCapability(self.ctx, functions_out)
        resolve, reject = w.read_u32(functions_out), w.read_u32(functions_out + 4)
        w.free(functions_out)
        return promise, resolve, reject

    def _rejected(self, error):
        promise, _resolve, reject = self._new_promise()
        self._call(reject, error)
        return promise

    def _trusted_error(self, code, message, tool=None):
        """An Error made from a trusted failure; only this very object keeps the code when uncaught."""
        error = self.wasm.QTS_NewError(self.ctx)
        self._set(error, "message", self._from_host(message))
        self._set(error, "code", self._from_host(code))
        self.trusted.append((error, {"code": code, "message": message, **({"tool": tool} if tool else {})}))
        return error

    def _from_host(self, value):
        """A host value copied into the guest, as JSON text its original JSON.parse reads."""
        text = self._new_string(json.dumps(value))
        copy = self._call(self.helpers["fromHost"], text)
        self.wasm.QTS_FreeValuePointer(self.ctx, text)
        return copy

    def _to_host(self, value, where):
        """["ok"] (undefined), ["ok", JSON text] or ["unsafe", reason]."""
        where_value = self._new_string(where)
        answer = self._read_json(self._call(self.helpers["toHost"], value, where_value))
        self.wasm.QTS_FreeValuePointer(self.ctx, where_value)
        return answer

    def _read_json(self, value):
        """A helper's answer (a guest string holding JSON text, freed here) as a Python value."""
        w = self.wasm
        address = w.QTS_GetString(self.ctx, value)
        text = w.read_c_string(address).decode("utf-8", "surrogatepass")
        w.QTS_FreeCString(self.ctx, address)
        w.QTS_FreeValuePointer(self.ctx, value)
        return json.loads(text)
