// The text form of a filter (spec 4.13 `q`): what the answer echoes for any filter, and what a
// body may send in place of `query`. One grammar both ways, so an echoed `q` sent back finds the
// same records:
//
//   amount >= 5000000 and tags in (vip, wholesale) and (source = website or source = instagram)
//
// Conditions are `field <operator> value`; operators are written = != > >= < <= in, not in, all,
// contains, not contains, starts, ends, is empty, is not empty, is duplicate, regex, sounds like,
// between a and b, weekday, hour. `not` negates a condition or a parenthesised group (pushed down
// onto the conditions: groups have no `not`). Terms side by side mean `and`; `and` binds tighter
// than `or`. Strings with spaces or symbols are written in double quotes (JSON escapes).
//
// Tag filters of spec 4.4: `tag:vip` (has the tag), `-tag:spam` (has not), `tag:vip,hot` (any of
// them), `has:tag` (has a tag; `has:<field>` for any field, `-has:` for none). A bare word looks
// for that text in the name.
import type { Condition, Group, QueryNode } from './query-tree.ts';
import type { Operator } from './query-document.ts';
import { invalidQuery } from './query-errors.ts';

type Token = { kind: 'word' | 'string' | 'symbol' | 'open' | 'close' | 'comma'; text: string; start: number };
type Literal = string | number | boolean | null;

const SYMBOL_OPERATORS: Record<string, Operator> = { '=': 'eq', '!=': 'neq', '>': 'gt', '>=': 'gte', '<': 'lt', '<=': 'lte' };
const WORD_OPERATORS = new Set(['in', 'not', 'all', 'contains', 'starts', 'ends', 'is', 'regex', 'sounds', 'between', 'weekday', 'hour']);
const KEYWORDS = new Set([...WORD_OPERATORS, 'and', 'or', 'like', 'empty', 'duplicate', 'true', 'false', 'null']);
const TEXT_SEARCH_FIELD = 'name';

// ---- rendering -------------------------------------------------------------------------------

export function renderQuery(group: Group): string {
  return group.conditions.map((node) => (node.kind === 'group' ? `(${renderQuery(node)})` : renderCondition(node))).join(` ${group.op} `);
}

function renderCondition(condition: Condition): string {
  const field = renderLiteral(condition.field);
  const { value } = condition;
  const text = (() => {
    switch (condition.op) {
      case 'eq':
      case 'neq':
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte':
        return `${field} ${symbolOf(condition.op)} ${renderLiteral(value)}`;
      case 'in':
        return `${field} in ${renderList(value)}`;
      case 'not_in':
        return `${field} not in ${renderList(value)}`;
      case 'all':
        return `${field} all ${renderList(value)}`;
      case 'not_contains':
        return `${field} not contains ${renderLiteral(value)}`;
      case 'empty':
        return `${field} is empty`;
      case 'not_empty':
        return `${field} is not empty`;
      case 'duplicate':
        return `${field} is duplicate`;
      case 'sounds_like':
        return `${field} sounds like ${renderLiteral(value)}`;
      case 'between': {
        const [from, to] = value as unknown[];
        return `${field} between ${renderLiteral(from)} and ${renderLiteral(to)}`;
      }
      case 'weekday':
      case 'hour':
        return `${field} ${condition.op} ${Array.isArray(value) ? renderList(value) : renderLiteral(value)}`;
      default: // contains, starts, ends, regex
        return `${field} ${condition.op} ${renderLiteral(value)}`;
    }
  })();
  return condition.not ? `not ${text}` : text;
}

function symbolOf(op: Operator): string {
  return Object.entries(SYMBOL_OPERATORS).find(([, named]) => named === op)![0];
}

function renderList(value: unknown): string {
  return `(${(Array.isArray(value) ? value : [value]).map(renderLiteral).join(', ')})`;
}

/** Bare when it reads back as the same string; quoted otherwise. */
function renderLiteral(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value ?? null);
  const bare =
    /^[\p{L}\p{N}_.@+:/#][\p{L}\p{N}_.@+:/#-]*$/u.test(value) &&
    !KEYWORDS.has(value.toLowerCase()) &&
    typeof literalOf(value) === 'string' &&
    !isShorthand(value);
  return bare ? value : JSON.stringify(value);
}

// ---- lexing ----------------------------------------------------------------------------------

function lex(q: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const char = q[i]!;
    if (/\s/.test(char)) i++;
    else if (char === '(' || char === ')' || char === ',')
      tokens.push({ kind: char === '(' ? 'open' : char === ')' ? 'close' : 'comma', text: char, start: i++ });
    else if (char === '"') i = lexString(q, i, tokens);
    else if ('=<>'.includes(char) || (char === '!' && q[i + 1] === '=')) {
      const text = q[i + 1] === '=' && char !== '=' ? q.slice(i, i + 2) : char;
      tokens.push({ kind: 'symbol', text, start: i });
      i += text.length;
    } else {
      const start = i;
      while (i < q.length && !/[\s(),"=<>]/.test(q[i]!) && !(q[i] === '!' && q[i + 1] === '=')) i++;
      tokens.push({ kind: 'word', text: q.slice(start, i), start });
    }
  }
  return tokens;
}

function lexString(q: string, start: number, tokens: Token[]): number {
  let i = start + 1;
  while (i < q.length && q[i] !== '"') i += q[i] === '\\' ? 2 : 1;
  if (i >= q.length) throw textError(start, 'a quoted string is not closed');
  try {
    tokens.push({ kind: 'string', text: JSON.parse(q.slice(start, i + 1)) as string, start });
  } catch {
    throw textError(start, 'a quoted string has a bad escape');
  }
  return i + 1;
}

// ---- parsing ---------------------------------------------------------------------------------

export function parseText(q: string): Group {
  const parser = new TextParser(lex(q));
  if (parser.done()) throw textError(0, 'the filter is empty');
  const node = parser.parseOr();
  if (!parser.done()) throw textError(parser.position(), `unexpected ${JSON.stringify(parser.peek()!.text)}`);
  const group = flatten(node.kind === 'group' ? node : { kind: 'group', op: 'and', conditions: [node], path: 'q' });
  return group;
}

class TextParser {
  readonly #tokens: Token[];
  #at = 0;

  constructor(tokens: Token[]) {
    this.#tokens = tokens;
  }

  done(): boolean {
    return this.#at >= this.#tokens.length;
  }

  peek(offset = 0): Token | undefined {
    return this.#tokens[this.#at + offset];
  }

  position(): number {
    return this.peek()?.start ?? Infinity;
  }

  next(): Token {
    const token = this.#tokens[this.#at++];
    if (!token) throw textError(Infinity, 'the filter ends too early');
    return token;
  }

  parseOr(): QueryNode {
    const terms = [this.parseAnd()];
    while (this.#isWord('or')) {
      this.next();
      terms.push(this.parseAnd());
    }
    return terms.length === 1 ? terms[0]! : group('or', terms);
  }

  parseAnd(): QueryNode {
    const terms = [this.parseUnary()];
    for (;;) {
      if (this.#isWord('and')) this.next();
      else if (this.done() || this.peek()!.kind === 'close' || this.#isWord('or')) break;
      terms.push(this.parseUnary());
    }
    return terms.length === 1 ? terms[0]! : group('and', terms);
  }

  parseUnary(): QueryNode {
    if (this.#isWord('not')) {
      this.next();
      return negate(this.parseUnary());
    }
    const token = this.next();
    if (token.kind === 'open') {
      const inner = this.parseOr();
      this.#expect('close', ')');
      return inner;
    }
    if (token.kind === 'word' && isShorthand(token.text)) return this.#shorthand(token);
    if (token.kind !== 'word' && token.kind !== 'string') throw textError(token.start, `unexpected ${JSON.stringify(token.text)}`);
    if (this.#atOperator()) return this.#condition(token.text);
    return condition(TEXT_SEARCH_FIELD, 'contains', token.text);
  }

  #condition(field: string): Condition {
    const token = this.next();
    if (token.kind === 'symbol') return condition(field, SYMBOL_OPERATORS[token.text]!, this.#value());
    switch (token.text.toLowerCase()) {
      case 'in':
        return condition(field, 'in', this.#list());
      case 'all':
        return condition(field, 'all', this.#list());
      case 'not': {
        const after = this.next().text.toLowerCase();
        if (after === 'in') return condition(field, 'not_in', this.#list());
        if (after === 'contains') return condition(field, 'not_contains', this.#value());
        throw textError(token.start, '`not` after a field is followed by `in` or `contains`');
      }
      case 'is':
        return this.#isCondition(field, token);
      case 'sounds':
        this.#expectWord('like');
        return condition(field, 'sounds_like', this.#value());
      case 'between': {
        const from = this.#value();
        this.#expectWord('and');
        return condition(field, 'between', [from, this.#value()]);
      }
      case 'weekday':
      case 'hour':
        return condition(field, token.text.toLowerCase() as Operator, this.peek()?.kind === 'open' ? this.#list() : this.#value());
      default: // contains, starts, ends, regex
        return condition(field, token.text.toLowerCase() as Operator, this.#value());
    }
  }

  #isCondition(field: string, token: Token): Condition {
    const words = [this.next().text.toLowerCase()];
    if (words[0] === 'not') words.push(this.next().text.toLowerCase());
    const op = ({ empty: 'empty', 'not empty': 'not_empty', duplicate: 'duplicate' } as Record<string, Operator>)[words.join(' ')];
    if (!op) throw textError(token.start, '`is` is followed by `empty`, `not empty` or `duplicate`');
    return condition(field, op, undefined);
  }

  /** `tag:vip`, `tag:vip,hot`, `tag:"hot lead"`, `-tag:spam`, `has:tag`, `-has:tag`. */
  #shorthand(token: Token): Condition {
    const negated = token.text.startsWith('-');
    const [kind, ...rest] = token.text.slice(negated ? 1 : 0).split(':');
    let first = rest.join(':');
    if (first === '' && this.peek()?.kind === 'string') first = this.next().text;
    if (first === '') throw textError(token.start, `${kind}: is followed by a name`);
    if (kind!.toLowerCase() === 'has') {
      const field = first.toLowerCase() === 'tag' ? 'tags' : first;
      return condition(field, negated ? 'empty' : 'not_empty', undefined);
    }
    const names = [first];
    while (this.peek()?.kind === 'comma') {
      this.next();
      const name = this.next();
      if (name.kind !== 'word' && name.kind !== 'string') throw textError(name.start, 'a tag name is expected after the comma');
      names.push(name.text);
    }
    return condition('tags', negated ? 'not_in' : 'in', names);
  }

  #value(): Literal {
    const token = this.next();
    if (token.kind === 'string') return token.text;
    if (token.kind === 'word') return literalOf(token.text);
    throw textError(token.start, `a value is expected, not ${JSON.stringify(token.text)}`);
  }

  #list(): Literal[] {
    this.#expect('open', '(');
    const values = [this.#value()];
    while (this.peek()?.kind === 'comma') {
      this.next();
      values.push(this.#value());
    }
    this.#expect('close', ')');
    return values;
  }

  #atOperator(): boolean {
    const token = this.peek();
    return !!token && (token.kind === 'symbol' || (token.kind === 'word' && WORD_OPERATORS.has(token.text.toLowerCase())));
  }

  #isWord(word: string): boolean {
    const token = this.peek();
    return token?.kind === 'word' && token.text.toLowerCase() === word;
  }

  #expect(kind: Token['kind'], text: string): void {
    const token = this.next();
    if (token.kind !== kind) throw textError(token.start, `${JSON.stringify(text)} is expected`);
  }

  #expectWord(word: string): void {
    const token = this.next();
    if (token.kind !== 'word' || token.text.toLowerCase() !== word) throw textError(token.start, `\`${word}\` is expected`);
  }
}

function literalOf(text: string): Literal {
  if (/^-?[0-9]+(\.[0-9]+)?$/.test(text)) return Number(text);
  const lower = text.toLowerCase();
  if (lower === 'true' || lower === 'false') return lower === 'true';
  if (lower === 'null') return null;
  return text;
}

function isShorthand(text: string): boolean {
  return /^-?(tag|has):/i.test(text);
}

function condition(field: string, op: Operator, value: unknown): Condition {
  return { kind: 'condition', field, op, value, not: false, path: 'q' };
}

function group(op: 'and' | 'or', conditions: QueryNode[]): Group {
  return { kind: 'group', op, conditions, path: 'q' };
}

/** `not` of a group, pushed onto its conditions (De Morgan): groups have no `not` of their own. */
function negate(node: QueryNode): QueryNode {
  if (node.kind === 'condition') return { ...node, not: !node.not };
  return group(node.op === 'and' ? 'or' : 'and', node.conditions.map(negate));
}

/** `a and (b and c)` is `a and b and c`: a group inside one of the same kind adds no level. */
function flatten(node: Group): Group {
  const conditions = node.conditions.flatMap((child) => {
    if (child.kind === 'condition') return [child];
    const flat = flatten(child);
    return flat.op === node.op || flat.conditions.length === 1 ? flat.conditions : [flat];
  });
  return { ...node, conditions };
}

function textError(at: number, problem: string) {
  return invalidQuery('q', Number.isFinite(at) ? `${problem} (at character ${at + 1})` : problem);
}
