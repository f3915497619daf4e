"""The console's lines, cut to the limits as they come."""


def utf16_length(text):
    """The length JavaScript gives a string (UTF-16 code units), which the log limits count in."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def utf16_prefix(text, units):
    return text.encode("utf-16-le", "surrogatepass")[: 2 * units].decode("utf-16-le", "surrogatepass")


class Logs:
    """The runner specification's truncation, applied as lines come: the earliest maxLogLines lines,
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
