#!/usr/bin/env python3
"""An execbox runner in Python: the protocol as JSON lines on stdin/stdout, guest JavaScript run in
QuickJS (the WebAssembly build the project ships) through wasmtime.

    python3 examples/python-runner/runner.py

One execution at a time, any number in sequence. A thread reads stdin, so a cancel is seen even
while the guest is busy in a loop (QuickJS asks the interrupt handler often); everything else is
handled on the main thread, in the order it arrived. Diagnostics go to stderr.
"""

import json
import os
import queue
import sys
import threading
from pathlib import Path

from execution import Execution
from messages import BadMessage, check_host_message
from quickjs_wasm import QuickJsWasm, find_package

HERE = Path(__file__).resolve().parent
END_OF_INPUT = object()


def diagnostic(text):
    sys.stderr.write(f"python runner: {text}\n")
    sys.stderr.flush()


def send(message):
    # ASCII-only JSON: a lone surrogate in a guest string is written as its \\u escape.
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


class Inbox:
    """Lines from stdin, decoded and numbered in order; and which execution ids a cancel has been
    read for, which the interrupt handler asks while the guest runs."""

    def __init__(self):
        self.messages = queue.Queue()
        self.cancelled = set()
        self.count = 0
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in sys.stdin.buffer:
            if not line.strip():
                continue
            try:
                message = json.loads(line)
            except ValueError as error:
                message = BadMessage(f"a line is not JSON ({error})")
            with self.lock:
                if isinstance(message, dict) and isinstance(message.get("id"), str):
                    # A cancel read before its execute started still stops it; one read before an
                    # execute that reuses the id does not.
                    if message.get("type") == "cancel":
                        self.cancelled.add(message["id"])
                    elif message.get("type") == "execute":
                        self.cancelled.discard(message["id"])
                self.messages.put((self.count, message))
                self.count += 1
        self.messages.put(END_OF_INPUT)

    def is_cancelled(self, execution_id):
        with self.lock:
            return execution_id in self.cancelled

    def read_so_far(self):
        with self.lock:
            return self.count


class Runner:
    def __init__(self):
        self.wasm = QuickJsWasm(find_package(HERE))
        self.helpers_source = (HERE / "guest_helpers.js").read_text()
        self.inbox = Inbox()
        self.active = None
        self.last_finished = None
        # Messages numbered below this were read before the last done was written: an execute
        # among them arrived while that execution was running, however late it is handled.
        self.read_before_last_done = 0

    def serve(self):
        input_ended = False
        while not (input_ended and self.active is None):
            try:
                # While an execution waits on its tools, its deadline is the longest wait.
                item = self.inbox.messages.get(timeout=self.active.seconds_left() if self.active else None)
            except queue.Empty:
                self.active.cancel("timeout")
                item = None
            if item is END_OF_INPUT:
                # No more requests; the execution in flight still answers (its deadline bounds it).
                input_ended = True
            elif item is not None:
                self.receive(*item)
            if self.active is not None and self.active.done is not None:
                self.read_before_last_done = self.inbox.read_so_far()
                send(self.active.done)
                self.last_finished, self.active = self.active.id, None

    def receive(self, number, message):
        try:
            if isinstance(message, BadMessage):
                raise message
            check_host_message(message)
        except BadMessage as error:
            if self.active is None:
                diagnostic(f"ignored a malformed host message: {error}")
            else:
                reason = f"the host sent a message the runner could not read: {error}"
                diagnostic(f"{reason}; ending execution {self.active.id!r}")
                self.active.fail(reason)
            return
        kind = message["type"]
        if kind == "execute":
            self.execute(number, message)
        elif kind == "cancel":
            if self.active is not None and self.active.id == message["id"]:
                self.active.cancel()
            elif message["id"] != self.last_finished:
                diagnostic(f"ignored cancel for {message['id']!r}: not the active execution")
        elif not (self.active is not None and self.active.deliver(message)):
            diagnostic(f"ignored tool_result for {message['callId']!r}: no such pending tool call")

    def execute(self, number, message):
        execution_id = message["id"]
        running = self.active.id if self.active is not None else None
        if running is None and number < self.read_before_last_done:
            running = self.last_finished
        if running == execution_id:
            # A done for this id would look like the end of the one that runs (or ran).
            diagnostic(f"ignored execute for {execution_id!r}: that execution is already running")
        elif running is not None:
            reason = f"runner is busy with execution {json.dumps(running)}; one execution at a time"
            error = {"code": "internal_error", "message": reason}
            send(
                {"type": "done", "id": execution_id, "ok": False, "durationMs": 0, "logs": [], "error": error}
            )
        else:
            send({"type": "started", "id": execution_id})
            is_cancelled = lambda: self.inbox.is_cancelled(execution_id)
            self.active = Execution(self.wasm, self.helpers_source, message, send, is_cancelled)
            self.active.start()


if __name__ == "__main__":
    try:
        Runner().serve()
    except (KeyboardInterrupt, BrokenPipeError):
        # The host went away; nothing more can be said to it (and Python's final flush must not fail).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
