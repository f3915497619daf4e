/** Keeps the last `maxChars` characters of a text that arrives in pieces (a child's stderr). */
export interface TextTail {
  push(text: string): void;
  text(): string;
}

export function createTextTail(maxChars: number): TextTail {
  let kept = '';
  return {
    push(text) {
      kept = (kept + text).slice(-maxChars);
    },
    text: () => kept,
  };
}
