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
    """Lines from stdin, decoded, in order; and which execution ids a cancel has been read for."""

    def __init__(self):
        self.messages = queue.Queue()
        self.cancelled = set()
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in sys.stdin.buffer:
            if not line.strip():
                continue
            try:
                message = json.loads(line)
            except ValueError as error:
                self.messages.put(BadMessage(f"a line is not JSON ({error})"))
                continue
            if isinstance(message, dict) and isinstance(message.get("id"), str):
                with self.lock:
                    # A cancel read before its execute started still stops it; one read before an
                    # execute that reuses the id does not.
                    if message.get("type") == "cancel":
                        self.cancelled.add(message["id"])
                    elif message.get("type") == "execute":
                        self.cancelled.discard(message["id"])
            self.messages.put(message)
        self.messages.put(END_OF_INPUT)

    def is_cancelled(self, execution_id):
        with self.lock:
            return execution_id in self.cancelled


def main():
    wasm = QuickJsWasm(find_package(HERE))
    helpers_source = (HERE / "guest_helpers.js").read_text()
    inbox = Inbox()
    active = None
    last_finished = None
    input_ended = False

    while not (input_ended and active is None):
        try:
            # While an execution waits on its tools, its deadline is the longest wait.
            item = inbox.messages.get(timeout=active.seconds_left() if active else None)
        except queue.Empty:
            active.cancel("timeout")
            item = None
        if item is END_OF_INPUT:
            # No more requests; the execution in flight still answers (its deadline bounds it).
            input_ended = True
        elif item is not None:
            try:
                if isinstance(item, BadMessage):
                    raise item
                check_host_message(item)
            except BadMessage as error:
                if active is None:
                    diagnostic(f"ignored a malformed host message: {error}")
                else:
                    reason = f"the host sent a message the runner could not read: {error}"
                    diagnostic(f"{reason}; ending execution {active.id!r}")
                    active.fail(reason)
            else:
                active, last_finished = handle(item, active, last_finished, wasm, helpers_source, inbox)
        if active is not None and active.done is not None:
            send(active.done)
            last_finished = active.id
            active = None


def handle(message, active, last_finished, wasm, helpers_source, inbox):
    """Acts on one well-formed host message; returns the (new) active execution and last finished id."""
    kind = message["type"]
    if kind == "execute":
        if active is not None and active.id == message["id"]:
            diagnostic(f"ignored execute for {message['id']!r}: that execution is already running")
        elif active is not None:
            reason = f"runner is busy with execution {json.dumps(active.id)}; one execution at a time"
            send(
                {
                    "type": "done",
                    "id": message["id"],
                    "ok": False,
                    "durationMs": 0,
                    "logs": [],
                    "error": {"code": "internal_error", "message": reason},
                }
            )
        else:
            execution_id = message["id"]
            send({"type": "started", "id": execution_id})
            active = Execution(wasm, helpers_source, message, send, lambda: inbox.is_cancelled(execution_id))
            active.start()
    elif kind == "cancel":
        if active is not None and active.id == message["id"]:
            active.cancel()
        elif message["id"] != last_finished:
            diagnostic(f"ignored cancel for {message['id']!r}: not the active execution")
    elif kind == "tool_result":
        if active is None or not active.deliver(message):
            diagnostic(f"ignored tool_result for {message['callId']!r}: no such pending tool call")
    return active, last_finished


if __name__ == "__main__":
    try:
        main()
    except (KeyboardInterrupt, BrokenPipeError):
        # The host went away; nothing more can be said to it (and Python's final flush must not fail).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
