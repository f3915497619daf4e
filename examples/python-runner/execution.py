"""One execution: the guest's code in a fresh QuickJS context, from `execute` to its `done`.

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

from guest_context import PROMISE_PENDING, PROMISE_REJECTED, GuestContext, JsException
from logs import Logs
from quickjs_wasm import QuickJsWasm

EVAL_FLAG_ASYNC = 1 << 7  # QuickJS's JS_EVAL_FLAG_ASYNC: top-level await; resolves to {value}
MAX_STACK_BYTES = 256 * 1024
GUEST_FILE = "guest.js"
CONSOLE_METHODS = ("log", "info", "warn", "error")
MAX_MESSAGE_CHARS = 4000
TIMEOUT = {"code": "timeout", "message": "Execution timed out"}
NEVER_SETTLES = "the guest awaits a promise that nothing can settle (no tool call is pending)"
NESTED_TOO_DEEPLY = "the code nests too deeply: the WebAssembly stack is exhausted"


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
        self.next_call = 0
        self.compiled = wasm
        self.helpers_source = helpers_source
        self.js = None  # the execution's own QuickJS context, made in start()

    # What the protocol loop calls.

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
                value = self.js.from_host(message["result"]) if "result" in message else self.js.undefined
                self.js.call(resolve, value)
            else:
                error = message["error"]
                self.js.call(reject, self._trusted_error(error["code"], error["message"], tool))
            self._pump()

        self._guarded(settle)
        return True

    def cancel(self, reason="cancel"):
        """Stops the guest: what it awaits is rejected (finally blocks run), then the done is a timeout."""
        if self.done:
            return
        self.interrupted = self.interrupted or reason

        def unwind():
            for _resolve, reject, _tool in list(self.pending.values()):
                self.js.call(reject, self._trusted_error(TIMEOUT["code"], TIMEOUT["message"]))
            self.pending.clear()
            self.js.run_jobs()
            self._finish_with(self._limit_outcome())

        self._guarded(unwind)

    def fail(self, reason):
        """The host broke the protocol during this execution: it ends with internal_error."""
        if not self.done:
            self.interrupted = "cancel"
            self._finish_with({"code": "internal_error", "message": reason})

    def seconds_left(self):
        return max(0.0, self.deadline - time.monotonic())

    # Setting up.

    def _start(self):
        self.js = GuestContext(
            self.compiled,
            self.execute["options"]["memoryLimitBytes"],
            MAX_STACK_BYTES,
            self._should_interrupt,
            self.helpers_source,
        )
        self._install_globals()
        code = self.execute["code"]
        # A script with top-level await: its promise resolves to {value: the completion value}.
        self.completion_wrapped = True
        try:
            self.main = self.js.eval(code, GUEST_FILE, EVAL_FLAG_ASYNC)
        except JsException as error:  # it did not parse, so no guest code ran
            try:
                # Code that returns at top level is an async function's body, as the project's runner
                # allows; on the wrapper's first line, so line numbers stay the guest's.
                self.main = self.js.eval("(async () => {" + code + "\n})()", GUEST_FILE)
                self.completion_wrapped = False
            except JsException:
                self._finish_with(self._limit_outcome() or self._guest_error(error.value))
                return
        self._pump()

    def _should_interrupt(self):
        if self.interrupted is None:
            if time.monotonic() >= self.deadline:
                self.interrupted = "timeout"
            elif self.is_cancelled():
                self.interrupted = "cancel"
        return self.interrupted is not None

    def _install_globals(self):
        js = self.js
        self.console = js.new_object()
        self.console_methods = {
            method: js.new_function(method, self._console_write) for method in CONSOLE_METHODS
        }
        for method, function in self.console_methods.items():
            js.set(self.console, method, function)
        js.set(js.global_object, "console", self.console)
        for provider in self.execute["providers"]:
            namespace = js.new_object()
            for tool in provider["tools"].values():
                name = tool["safeName"]
                call = lambda args, provider=provider["name"], name=name: self._call_tool(
                    provider, name, args
                )
                js.set(namespace, name, js.new_function(name, call))
            js.set(js.global_object, provider["name"], namespace)

    # The host functions the guest calls.

    def _console_write(self, args):
        if not self.logs.full():
            self.logs.append(self.js.call_helper("formatLine", *args))
            if self.logs.full():
                self._silence_console()
        return 0

    def _silence_console(self):
        """Once the logs are full, console methods that are still ours become a guest-side no-op, so
        a guest logging in a loop no longer calls out of the sandbox (each call costs microseconds)."""
        for method, function in self.console_methods.items():
            current = self.js.get(self.console, method)
            if self.js.same_value(current, function):
                self.js.set(self.console, method, self.js.helpers["ignore"])
            self.js.free(current)

    def _call_tool(self, provider, name, args):
        tool = f"{provider}.{name}"
        if self.interrupted or self.done:
            # A call made while the guest is being stopped never settles, so a guest that catches
            # and calls again cannot keep itself running.
            return self.js.new_promise()[0]
        # Only the first argument is the input; none at all is an omitted input.
        kind, *payload = self.js.to_host(args[0] if args else self.js.undefined, "input")
        if kind != "ok":
            return self.js.rejected(self._trusted_error("serialization_error", payload[0], tool))
        self.next_call += 1
        call_id = f"call-{self.next_call}"
        promise, resolve, reject = self.js.new_promise()
        self.pending[call_id] = (resolve, reject, tool)
        message = {"type": "tool_call", "callId": call_id, "providerName": provider, "safeToolName": name}
        if payload:
            message["input"] = json.loads(payload[0])
        self.send(message)
        return promise

    def _trusted_error(self, code, message, tool=None):
        """An Error made from a trusted failure; only this very object keeps the code when uncaught."""
        error = self.js.new_error(message, code)
        self.trusted.append((error, {"code": code, "message": message, **({"tool": tool} if tool else {})}))
        return error

    # Running and finishing.

    def _pump(self):
        """Runs the guest's pending jobs, then ends the execution if its main promise settled."""
        if not self._limit_outcome():
            self.js.run_jobs()
        limit = self._limit_outcome()
        if limit:
            self._finish_with(limit)
            return
        state = self.js.promise_state(self.main)
        if state == PROMISE_PENDING:
            if not self.pending:
                self._finish_with({"code": "runtime_error", "message": NEVER_SETTLES})
        elif state == PROMISE_REJECTED:
            self._finish_with(self._rejection(self.js.promise_result(self.main)))
        else:
            value = self.js.promise_result(self.main)
            if self.completion_wrapped:
                value = self.js.get(value, "value")
            kind, *payload = self.js.to_host(value, "result")
            if kind != "ok":
                self._finish_with({"code": "serialization_error", "message": payload[0]})
            else:
                self._finish(json.loads(payload[0]) if payload else None, has_result=bool(payload))

    def _limit_outcome(self):
        """Limits win over whatever the guest did."""
        if self.interrupted:
            return dict(TIMEOUT)
        if self.js is not None and self.js.heap_exhausted():
            limit = self.execute["options"]["memoryLimitBytes"]
            return {"code": "memory_limit", "message": f"Memory limit of {limit} bytes exceeded"}
        return None

    def _rejection(self, value):
        limit = self._limit_outcome()
        if limit:
            return limit
        for error, trusted in self.trusted:
            if self.js.same_value(value, error) and self.js.call_helper("ownCode", value) == trusted["code"]:
                return dict(trusted)
        return self._guest_error(value)

    def _guest_error(self, value):
        """What the guest threw, as runtime_error with its own message (and name, line)."""
        name, message, stack = self.js.call_helper("thrown", value)
        error = {"code": "runtime_error", "message": message[:MAX_MESSAGE_CHARS]}
        if name:
            error["name"] = name
        line = re.search(re.escape(GUEST_FILE) + r":(\d+)", stack)
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
                failure = {"code": "runtime_error", "message": NESTED_TOO_DEEPLY, "name": "RangeError"}
            else:
                failure = {"code": "internal_error", "message": f"runner failure: {trap.message}"}
            self._finish_with(self._limit_outcome() or failure)
        except Exception as failure:  # noqa: BLE001 - whatever broke, the host gets one done
            self._finish_with(
                self._limit_outcome() or {"code": "internal_error", "message": f"runner failure: {failure}"}
            )
