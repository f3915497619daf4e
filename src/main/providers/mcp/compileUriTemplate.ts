/** Longest template compiled: its automaton, and so the work per URI character, stays small. */
export const MAX_URI_TEMPLATE_CHARS = 8_192;

/** The work a match may do, shared by every template one URI is checked against. */
export interface MatchBudget {
  /** Automaton states visited so far. */
  steps: number;
  readonly limit: number;
}

export type UriTemplateMatch = 'match' | 'no-match' | 'over-budget';

export interface CompiledUriTemplate {
  /**
   * Whether some values of the template's variables expand to `uri`. Runs a finite automaton over
   * the URI once, never backtracking: the work is at most the URI's length times the template's
   * states, and stops at the budget.
   */
  match(uri: string, budget: MatchBudget): UriTemplateMatch;
}

type CharTest = (code: number) => boolean;

interface State {
  edges: { test: CharTest; to: number }[];
  empty: number[];
}

/** RFC 6570 section 3.2.1's table: how each operator's expansion starts, joins and names. */
interface Operator {
  first: string;
  separator: string;
  named: boolean;
  /** A named value that is empty is written without `=` (only `;`). */
  bareNameWhenEmpty: boolean;
  allowReserved: boolean;
}

const OPERATORS: Record<string, Operator> = {
  '': { first: '', separator: ',', named: false, bareNameWhenEmpty: false, allowReserved: false },
  '+': { first: '', separator: ',', named: false, bareNameWhenEmpty: false, allowReserved: true },
  '#': { first: '#', separator: ',', named: false, bareNameWhenEmpty: false, allowReserved: true },
  '.': { first: '.', separator: '.', named: false, bareNameWhenEmpty: false, allowReserved: false },
  '/': { first: '/', separator: '/', named: false, bareNameWhenEmpty: false, allowReserved: false },
  ';': { first: ';', separator: ';', named: true, bareNameWhenEmpty: true, allowReserved: false },
  '?': { first: '?', separator: '&', named: true, bareNameWhenEmpty: false, allowReserved: false },
  '&': { first: '&', separator: '&', named: true, bareNameWhenEmpty: false, allowReserved: false },
};
/** Operators RFC 6570 keeps for later extensions: a template using one is refused. */
const RESERVED_OPERATORS = '=,!@|';
const RESERVED_CHARS = ":/?#[]@!$&'()*+,;=";

const isAlnum = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isHex = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
/** Unreserved characters, and anything beyond ASCII (IRIs), which expansion would have encoded. */
const isUnreserved = (code: number): boolean =>
  isAlnum(code) || code === 45 || code === 46 || code === 95 || code === 126 || code >= 0x80;
const isReserved = (code: number): boolean => RESERVED_CHARS.includes(String.fromCharCode(code));
const PERCENT = 37;

interface VarSpec {
  name: string;
  explode: boolean;
}

class AutomatonBuilder {
  readonly states: State[] = [];

  state(): number {
    this.states.push({ edges: [], empty: [] });
    return this.states.length - 1;
  }

  empty(from: number, to: number): void {
    this.states[from]!.empty.push(to);
  }

  edge(from: number, test: CharTest, to: number): void {
    this.states[from]!.edges.push({ test, to });
  }

  /** The exact text, from `from`; returns the state after it. */
  literal(from: number, text: string): number {
    let at = from;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const next = this.state();
      this.edge(at, (c) => c === code, next);
      at = next;
    }
    return at;
  }

  /** Any number of value characters (or `%XX` triplets), from `from`; returns the state after. */
  valueChars(from: number, allowed: CharTest): number {
    const loop = this.state();
    this.empty(from, loop);
    this.edge(loop, allowed, loop);
    const hex1 = this.state();
    const hex2 = this.state();
    this.edge(loop, (c) => c === PERCENT, hex1);
    this.edge(hex1, isHex, hex2);
    this.edge(hex2, isHex, loop);
    return loop;
  }
}

/**
 * One variable's expansion: a string, or a list whose items are joined by `,` (or by the
 * operator's separator when exploded), named for `;`, `?` and `&`.
 */
function addVariable(builder: AutomatonBuilder, from: number, op: Operator, spec: VarSpec): number {
  const base: CharTest = op.allowReserved ? (c) => isUnreserved(c) || isReserved(c) : isUnreserved;
  const separator = op.separator.charCodeAt(0);
  const listChar = spec.explode && !op.named ? separator : 44;
  const allowed: CharTest = (c) => base(c) || c === listChar;
  if (!op.named) return builder.valueChars(from, allowed);
  const named = builder.state();
  builder.empty(from, named);
  const afterName = builder.literal(named, spec.name);
  const equals = builder.state();
  builder.edge(afterName, (c) => c === 61, equals);
  const end = builder.valueChars(equals, allowed);
  if (op.bareNameWhenEmpty) builder.empty(afterName, end);
  if (spec.explode) builder.edge(end, (c) => c === separator, named);
  return end;
}

/**
 * One `{…}` expression: any of its variables in order may be undefined; those defined are joined
 * by the separator, after the operator's first character when there is at least one.
 */
function addExpression(builder: AutomatonBuilder, from: number, op: Operator, specs: VarSpec[]): number {
  const end = builder.state();
  builder.empty(from, end);
  let noneYet = op.first ? builder.literal(from, op.first) : from;
  let some = builder.state();
  for (const spec of specs) {
    const nextNoneYet = builder.state();
    const nextSome = builder.state();
    builder.empty(noneYet, nextNoneYet);
    builder.empty(some, nextSome);
    builder.empty(addVariable(builder, noneYet, op, spec), nextSome);
    const afterSeparator = builder.literal(some, op.separator);
    builder.empty(addVariable(builder, afterSeparator, op, spec), nextSome);
    noneYet = nextNoneYet;
    some = nextSome;
  }
  builder.empty(some, end);
  return end;
}

function parseVarSpec(text: string, template: string): VarSpec {
  const spec =
    /^((?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*)(\*|:[1-9][0-9]{0,3})?$/.exec(
      text,
    );
  if (!spec)
    throw new Error(`URI template ${JSON.stringify(template)}: ${JSON.stringify(text)} is not a variable`);
  // A prefix (`:3`) keeps at most that many characters; matching accepts any length of value.
  return { name: spec[1]!, explode: spec[2] === '*' };
}

/**
 * Compiles an RFC 6570 URI template (levels 1 to 3, and level 4's `*` and `:n` modifiers) into an
 * automaton that decides whether a URI is one of its expansions. Throws on a template that is not
 * one (an unclosed `{`, a reserved operator, a bad variable name, too long).
 */
export function compileUriTemplate(template: string): CompiledUriTemplate {
  if (template.length > MAX_URI_TEMPLATE_CHARS)
    throw new Error(
      `URI template is ${template.length} characters long; at most ${MAX_URI_TEMPLATE_CHARS} are compiled`,
    );
  const builder = new AutomatonBuilder();
  const start = builder.state();
  let at = start;
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    const literalEnd = open === -1 ? template.length : open;
    const literal = template.slice(i, literalEnd);
    if (literal.includes('}'))
      throw new Error(`URI template ${JSON.stringify(template)}: a '}' without its '{'`);
    at = builder.literal(at, literal);
    if (open === -1) break;
    const close = template.indexOf('}', open);
    if (close === -1)
      throw new Error(`URI template ${JSON.stringify(template)}: the '{' at ${open} is not closed`);
    const body = template.slice(open + 1, close);
    if (body.includes('{'))
      throw new Error(`URI template ${JSON.stringify(template)}: a '{' inside an expression`);
    const opChar =
      body.length > 0 && !isAlnum(body.charCodeAt(0)) && body[0] !== '_' && body[0] !== '%' ? body[0]! : '';
    if (RESERVED_OPERATORS.includes(opChar) && opChar !== '')
      throw new Error(`URI template ${JSON.stringify(template)}: the operator '${opChar}' is reserved`);
    const op = OPERATORS[opChar];
    if (!op) throw new Error(`URI template ${JSON.stringify(template)}: '${opChar}' is not an operator`);
    const specs = body
      .slice(opChar.length)
      .split(',')
      .map((text) => parseVarSpec(text, template));
    at = addExpression(builder, at, op, specs);
    i = close + 1;
  }
  return new UriTemplateAutomaton(builder.states, start, at);
}

class UriTemplateAutomaton implements CompiledUriTemplate {
  /** The position at which a state was last added to the current set (so each is added once). */
  private readonly seenAt: Int32Array;

  constructor(
    private readonly states: State[],
    private readonly start: number,
    private readonly accept: number,
  ) {
    this.seenAt = new Int32Array(states.length);
  }

  match(uri: string, budget: MatchBudget): UriTemplateMatch {
    this.seenAt.fill(-1);
    let current: number[] = [];
    const add = (set: number[], state: number, position: number): void => {
      const pending = [state];
      while (pending.length > 0) {
        const next = pending.pop()!;
        if (this.seenAt[next] === position) continue;
        this.seenAt[next] = position;
        budget.steps++;
        set.push(next);
        for (const to of this.states[next]!.empty) pending.push(to);
      }
    };
    add(current, this.start, 0);
    for (let position = 0; position < uri.length; position++) {
      if (budget.steps > budget.limit) return 'over-budget';
      const code = uri.charCodeAt(position);
      const following: number[] = [];
      for (const state of current)
        for (const { test, to } of this.states[state]!.edges) {
          budget.steps++;
          if (test(code)) add(following, to, position + 1);
        }
      if (following.length === 0) return 'no-match';
      current = following;
    }
    if (budget.steps > budget.limit) return 'over-budget';
    return current.includes(this.accept) ? 'match' : 'no-match';
  }
}
