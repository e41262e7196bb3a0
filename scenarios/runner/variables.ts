// The variables of one scenario run: what setup made, what steps captured. A variable may be
// unavailable (the step that would have set it was skipped, or only a mock makes it): a step
// that uses one is skipped with that reason rather than failed.
import { follow, isRecord, parsePath } from './paths.ts';

/**
 * A variable the steps cannot use, and why. `held` is what a step that made a record but did not
 * pass (its answer was not as the story expects, or it is pending) would have captured: the steps
 * after it cannot build on it, but cleanup still deletes what it names.
 */
export class Unavailable {
  readonly reason: string;
  readonly held: { value: unknown } | undefined;
  constructor(reason: string, held?: { value: unknown }) {
    this.reason = reason;
    this.held = held;
  }
}

/** Thrown when a step uses a variable nobody set: the scenario is wrong. */
export class UnknownVariable extends Error {}

/** Thrown when a step uses an unavailable variable: the step is skipped. */
export class VariableUnavailable extends Error {}

const REFERENCE = /\$\$\{|\$\{([^}]+)\}/g;
const WHOLE = /^\$\{([^}]+)\}$/;

/** `${time:2026-11-20T15:00:00+05:00}`: a time on the story's clock, as the target's clock reads it. */
const TIME_PREFIX = 'time:';

export class Variables {
  readonly #values = new Map<string, unknown>();
  /** Reads a time written on the story's clock as the target's clock (set by the run). */
  storyTime: (written: string) => string = (written) => written;

  set(name: string, value: unknown): void {
    this.#values.set(name, value);
  }

  /** Cleanup is running: a held value (see Unavailable) is used as if it were set. */
  forCleanup = false;

  /** Unavailable from now on; `held`, what a step made, is still there for cleanup. */
  unavailable(name: string, reason: string, held?: { value: unknown }): void {
    this.#values.set(name, new Unavailable(reason, held));
  }

  /** Unavailable to the steps from now on, as the step that sets it did not pass; what it was stays held for cleanup. */
  withdraw(name: string, reason: string): void {
    const value = this.#values.get(name);
    const held = value instanceof Unavailable ? value.held : this.#values.has(name) ? { value } : undefined;
    this.unavailable(name, reason, held);
  }

  names(): string[] {
    return [...this.#values.keys()];
  }

  /** The value at `${path}`. */
  lookup(path: string): unknown {
    if (path.trim().startsWith(TIME_PREFIX)) return this.storyTime(path.trim().slice(TIME_PREFIX.length).trim());
    const [first, ...rest] = parsePath(path.trim());
    const name = first && 'key' in first ? first.key : '';
    if (!this.#values.has(name)) throw new UnknownVariable(`no variable ${name} (known: ${this.names().join(', ') || 'none'})`);
    const stored = this.#values.get(name);
    const value = stored instanceof Unavailable && this.forCleanup && stored.held ? stored.held.value : stored;
    if (value instanceof Unavailable) throw new VariableUnavailable(`needs ${name}, which is unavailable: ${value.reason}`);
    const found = follow(value, rest);
    if (!found.found)
      throw new UnknownVariable(`\${${path}}: ${name}${found.missing.startsWith('[') ? '' : '.'}${found.missing} does not exist`);
    return found.value;
  }

  /**
   * Replaces every `${path}` in strings, deep inside objects and lists. A string that is only
   * one `${path}` takes the value itself (a number stays a number); `$${` writes a literal `${`.
   */
  interpolate<T>(template: T): T {
    return this.#walk(template) as T;
  }

  #walk(value: unknown): unknown {
    if (typeof value === 'string') return this.#string(value);
    if (Array.isArray(value)) return value.map((item) => this.#walk(item));
    if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [this.#string(key), this.#walk(item)]));
    return value;
  }

  #string(text: string): unknown {
    const whole = WHOLE.exec(text);
    if (whole) return this.lookup(whole[1]!);
    return text.replace(REFERENCE, (match, path: string | undefined) => (path === undefined ? '${' : asText(this.lookup(path))));
  }
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
