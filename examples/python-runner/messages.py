"""The host's messages (execute, cancel, tool_result), checked before the runner acts on them."""

ERROR_CODES = (
    "timeout",
    "memory_limit",
    "validation_error",
    "tool_error",
    "runtime_error",
    "serialization_error",
    "internal_error",
)
# The protocol's accepted ranges for each runtime option (inclusive integers).
OPTION_RANGES = {
    "timeoutMs": (1, 24 * 60 * 60 * 1000),
    "memoryLimitBytes": (4 * 1024 * 1024, 4 * 1024 * 1024 * 1024),
    "maxLogLines": (0, 1_000_000),
    "maxLogChars": (0, 4_000_000),
}


class BadMessage(Exception):
    """A host message that breaks the protocol; the text says what and where."""


def _id(message, key, where):
    value = message.get(key)
    if not isinstance(value, str) or not value:
        raise BadMessage(f"{where}.{key} must be a non-empty string")
    return value


def _only(message, where, allowed):
    for key in message:
        if key not in allowed:
            raise BadMessage(f"{where} has unexpected field {key!r}")


def _is_integer(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _check_execute(message):
    _only(message, "execute", ("type", "id", "code", "options", "providers"))
    _id(message, "id", "execute")
    if not isinstance(message.get("code"), str):
        raise BadMessage("execute.code must be a string")
    options = message.get("options")
    if not isinstance(options, dict):
        raise BadMessage("execute.options must be an object")
    _only(options, "execute.options", OPTION_RANGES)
    for name, (low, high) in OPTION_RANGES.items():
        value = options.get(name)
        if not _is_integer(value) or not low <= value <= high:
            raise BadMessage(f"execute.options.{name} must be an integer from {low} to {high}")
    providers = message.get("providers")
    if not isinstance(providers, list):
        raise BadMessage("execute.providers must be an array")
    for index, provider in enumerate(providers):
        where = f"execute.providers[{index}]"
        if not isinstance(provider, dict) or not isinstance(provider.get("tools"), dict):
            raise BadMessage(f"{where} must be an object with a tools object")
        _id(provider, "name", where)
        for key, tool in provider["tools"].items():
            if not isinstance(tool, dict):
                raise BadMessage(f"{where}.tools[{key!r}] must be an object")
            _id(tool, "safeName", f"{where}.tools[{key!r}]")


def _check_tool_result(message):
    _only(message, "tool_result", ("type", "callId", "ok", "result", "error"))
    _id(message, "callId", "tool_result")
    ok = message.get("ok")
    if not isinstance(ok, bool):
        raise BadMessage("tool_result.ok must be a boolean")
    if ok and "error" in message:
        raise BadMessage("tool_result with ok: true must not carry an error")
    if not ok:
        if "result" in message:
            raise BadMessage("tool_result with ok: false must not carry a result")
        error = message.get("error")
        if not isinstance(error, dict) or not isinstance(error.get("message"), str):
            raise BadMessage("tool_result.error must be an object with a string message")
        if error.get("code") not in ERROR_CODES:
            raise BadMessage(f"tool_result.error.code must be one of {', '.join(ERROR_CODES)}")


def check_host_message(message):
    """Raises BadMessage unless `message` (decoded JSON) is a well-formed host message."""
    if not isinstance(message, dict):
        raise BadMessage("a message must be a JSON object")
    kind = message.get("type")
    if kind == "execute":
        _check_execute(message)
    elif kind == "cancel":
        _only(message, "cancel", ("type", "id"))
        _id(message, "id", "cancel")
    elif kind == "tool_result":
        _check_tool_result(message)
    else:
        raise BadMessage(f"unknown message type {kind!r} from the host")
