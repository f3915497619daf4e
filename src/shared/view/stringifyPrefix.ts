import { containerKind } from './flattenValue';

export interface JsonPrefix {
  text: string;
  /** True when the JSON goes on past `text`. */
  truncated: boolean;
}

class PrefixFull extends Error {}

/**
 * The first `maxChars` characters of `JSON.stringify(value, null, 2)`, written without serializing
 * the rest, so a raw view of a multi-megabyte value costs what it shows.
 */
export function stringifyPrefix(value: unknown, maxChars: number): JsonPrefix {
  const parts: string[] = [];
  let length = 0;
  const emit = (text: string) => {
    const room = maxChars - length;
    if (text.length > room) {
      parts.push(text.slice(0, room));
      length = maxChars;
      throw new PrefixFull();
    }
    parts.push(text);
    length += text.length;
  };
  const write = (item: unknown, indent: string, inArray: boolean) => {
    const withJson = item as { toJSON?: () => unknown } | null;
    if (withJson && typeof withJson === 'object' && typeof withJson.toJSON === 'function') {
      item = withJson.toJSON();
    }
    const kind = containerKind(item);
    if (!kind) {
      const text =
        typeof item === 'string' ? stringPrefix(item, maxChars - length + 1) : JSON.stringify(item);
      emit(text ?? (inArray ? 'null' : 'undefined'));
      return;
    }
    const inner = `${indent}  `;
    if (kind === 'array') {
      const array = item as unknown[];
      if (array.length === 0) return emit('[]');
      emit('[');
      array.forEach((child, index) => {
        emit(`${index > 0 ? ',' : ''}\n${inner}`);
        const skip = child === undefined || typeof child === 'function' || typeof child === 'symbol';
        if (skip) emit('null');
        else write(child, inner, true);
      });
      return emit(`\n${indent}]`);
    }
    const record = item as Record<string, unknown>;
    let first = true;
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (child === undefined || typeof child === 'function' || typeof child === 'symbol') continue;
      emit(`${first ? '{' : ','}\n${inner}${JSON.stringify(key)}: `);
      first = false;
      write(child, inner, false);
    }
    emit(first ? '{}' : `\n${indent}}`);
  };
  try {
    write(value, '', false);
    return { text: parts.join(''), truncated: false };
  } catch (error) {
    if (!(error instanceof PrefixFull)) throw error;
    return { text: parts.join(''), truncated: true };
  }
}

/** JSON of a string's first characters; enough to fill `room` without escaping all of a huge string. */
function stringPrefix(value: string, room: number): string {
  if (value.length <= room) return JSON.stringify(value);
  return JSON.stringify(value.slice(0, room));
}
