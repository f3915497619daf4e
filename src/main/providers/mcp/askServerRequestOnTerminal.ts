import type { ServerRequest, ServerRequestAnswer } from '../../../shared/api/providers';
import { checkServerRequestAnswer } from './checkServerRequestAnswer';

/** Asks one line and returns what was typed (readline's `question`, or a script in tests). */
export type AskLine = (prompt: string) => Promise<string>;

const ATTEMPTS = 3;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function choicesOf(field: Record<string, unknown>): string[] | undefined {
  if (Array.isArray(field.enum)) return field.enum.map(String);
  const variants = Array.isArray(field.oneOf) ? field.oneOf : Array.isArray(field.anyOf) ? field.anyOf : [];
  const consts = variants.filter(isRecord).map((v) => v.const);
  return consts.length > 0 && consts.every((c) => typeof c === 'string') ? (consts as string[]) : undefined;
}

/** One typed line as the field's value: undefined for "leave it out". Throws with a sentence when it cannot be read. */
function readField(field: Record<string, unknown>, text: string): unknown {
  const typed = text.trim();
  if (typed === '') return field.default;
  const choices = choicesOf(field) ?? (isRecord(field.items) ? choicesOf(field.items) : undefined);
  const pick = (word: string) => {
    if (!choices) return word;
    const index = Number(word);
    if (Number.isInteger(index) && index >= 1 && index <= choices.length) return choices[index - 1]!;
    if (choices.includes(word)) return word;
    throw new Error(`"${word}" is not one of ${choices.join(', ')}`);
  };
  switch (field.type) {
    case 'boolean':
      if (/^(y|yes|true)$/i.test(typed)) return true;
      if (/^(n|no|false)$/i.test(typed)) return false;
      throw new Error('answer y or n');
    case 'integer':
    case 'number': {
      const number = Number(typed);
      if (!Number.isFinite(number)) throw new Error(`"${typed}" is not a number`);
      return number;
    }
    case 'array':
      return typed
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map(pick);
    default:
      return pick(typed);
  }
}

function fieldPrompt(name: string, field: Record<string, unknown>, required: boolean): string {
  const about = typeof field.description === 'string' ? ` (${field.description})` : '';
  const choices = choicesOf(field) ?? (isRecord(field.items) ? choicesOf(field.items) : undefined);
  const listed = choices ? ` [${choices.map((c, i) => `${i + 1}=${c}`).join(' ')}]` : '';
  const many = field.type === 'array' ? ', comma-separated' : '';
  const yesNo = field.type === 'boolean' ? ' [y/n]' : '';
  const fallback = field.default !== undefined ? ` default ${JSON.stringify(field.default)}` : '';
  return `  ${name}${required ? ' *' : ''}${about}${listed}${yesNo}${many}${fallback}: `;
}

async function askForm(request: Extract<ServerRequest, { kind: 'elicitation' }>, ask: AskLine) {
  const properties = isRecord(request.requestedSchema.properties) ? request.requestedSchema.properties : {};
  const required = Array.isArray(request.requestedSchema.required) ? request.requestedSchema.required : [];
  const content: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(properties)) {
    const field = isRecord(raw) ? raw : {};
    for (;;) {
      // A failing prompt (input closed) ends the form; only what was typed is retried.
      const typed = await ask(fieldPrompt(name, field, required.includes(name)));
      try {
        const value = readField(field, typed);
        if (value !== undefined) content[name] = value;
        break;
      } catch (error) {
        await ask(`  ${error instanceof Error ? error.message : String(error)}; press Enter to try again `);
      }
    }
  }
  return { action: 'accept', content };
}

/**
 * Puts an MCP server's elicitation or sampling request to the person at the terminal (`execbox run`
 * in a TTY): a form field by field, or a reply line. The answer is checked as the app checks it; after
 * three answers that do not fit, the request is declined.
 */
export async function askServerRequestOnTerminal(
  request: ServerRequest,
  ask: AskLine,
  say: (text: string) => void,
): Promise<ServerRequestAnswer> {
  const who = request.toolName
    ? `${request.providerName}.${request.toolName}`
    : `MCP server ${request.providerName}`;
  if (request.kind === 'sampling') {
    say(`\n${who} asks for a model completion:\n`);
    if (typeof request.params.systemPrompt === 'string') say(`  system: ${request.params.systemPrompt}\n`);
    for (const message of Array.isArray(request.params.messages) ? request.params.messages : []) {
      const { role, content } = (isRecord(message) ? message : {}) as { role?: unknown; content?: unknown };
      const text =
        isRecord(content) && typeof content.text === 'string' ? content.text : '[non-text content]';
      say(`  ${String(role)}: ${text}\n`);
    }
    const reply = await ask('Your reply (an empty line declines): ');
    return reply.trim() === '' ? { action: 'decline' } : { action: 'accept', text: reply };
  }
  say(`\n${who} asks for your input: ${request.message}\n`);
  const choice = await ask('Answer the form? [Y]es, [n]o to decline, [c] to cancel: ');
  if (/^n(o)?$/i.test(choice.trim())) return { action: 'decline' };
  if (/^c(ancel)?$/i.test(choice.trim())) return { action: 'cancel' };
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const answer = await askForm(request, ask);
    try {
      return checkServerRequestAnswer('elicitation', answer, request.requestedSchema);
    } catch (error) {
      say(`${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  say('The request is declined after three answers that did not fit.\n');
  return { action: 'decline' };
}
