// How a command's options are declared once: each with its value's placeholder and help line, how
// its value is checked, and older spellings still read. `parseOptions` reads a command line
// against such a table and checks every value given before the command does anything (no request
// is sent for a call with a mistake in it); `optionHelp` prints the table's lines for --help.
import { parseArgs } from 'node:util';
import { didYouMean } from '../errors/close-names.ts';
import { UsageError } from './usage-error.ts';

export type OptionSpec = {
  type: 'string' | 'boolean';
  multiple?: boolean;
  default?: string | boolean;
  /** The value's placeholder in the help (`URL`, `KEY`, `N`...). */
  value?: string;
  help: string;
  /** Throws a UsageError naming the option when a given value is not one it takes. */
  check?: (value: string, name: string) => void;
  /** Other spellings read as this option (names it had before). */
  aliases?: readonly string[];
  /** An environment variable read when the option is not given (a secret kept out of the shell's history and `ps`). */
  env?: string;
};

export type OptionSpecs = Record<string, OptionSpec>;

type ValueOf<S extends OptionSpec> = S['type'] extends 'boolean' ? boolean : S['multiple'] extends true ? string[] : string;

type ParseOptions = Record<string, { type: 'string' | 'boolean'; multiple?: boolean; default?: string | boolean }>;

/** The options given (or defaulted), by their canonical names. */
export type OptionValues<S extends OptionSpecs> = { [K in keyof S]?: ValueOf<S[K]> };

/** Reads `args` against `specs`: an unknown option, a missing value or a value an option does not take is a UsageError. */
export function parseOptions<S extends OptionSpecs>(
  args: string[],
  specs: S,
  { positionals = false } = {},
): { values: OptionValues<S>; positionals: string[] } {
  const options: ParseOptions = {};
  for (const [name, spec] of Object.entries(specs)) {
    options[name] = {
      type: spec.type,
      ...(spec.multiple ? { multiple: true } : {}),
      ...(spec.default !== undefined ? { default: spec.default } : {}),
    };
    for (const alias of spec.aliases ?? []) options[alias] = { type: spec.type, ...(spec.multiple ? { multiple: true } : {}) };
  }
  const parsed = readArgs(joinNegativeValues(args, options), options, positionals, Object.keys(specs));
  const values: Record<string, unknown> = { ...parsed.values };
  for (const [name, spec] of Object.entries(specs)) {
    for (const alias of spec.aliases ?? []) {
      if (values[alias] === undefined) continue;
      if (parsed.tokens?.some((token) => token.kind === 'option' && token.name === name))
        throw new UsageError(`--${alias} is the older name of --${name}: give one of them`);
      values[name] = values[alias];
      delete values[alias];
    }
    if (values[name] === undefined && spec.env && process.env[spec.env]) values[name] = process.env[spec.env];
    const given = values[name];
    if (spec.check && given !== undefined && typeof given !== 'boolean')
      for (const value of [given].flat() as string[]) spec.check(value, name);
  }
  return { values: values as OptionValues<S>, positionals: parsed.positionals };
}

/**
 * `--seed-size -5` read as `--seed-size=-5`: node:util parseArgs takes a value starting with a dash
 * for a forgotten value ("argument is ambiguous"), so the same number would be refused in one
 * spelling with its words and checked in the other. A negative number after an option that takes
 * a value is that value; the option's check then refuses it with the same line in either spelling.
 */
function joinNegativeValues(args: string[], options: ParseOptions): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const name = /^--([^=]+)$/.exec(args[i]!)?.[1];
    const next = args[i + 1];
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && /^-\d|^-\.\d/.test(next))
      joined.push(`--${name}=${args[++i]}`);
    else joined.push(args[i]!);
  }
  return joined;
}

/** node:util parseArgs; an unknown option close to one of the table's says which ("did you mean --port?"). */
function readArgs(args: string[], options: ParseOptions, positionals: boolean, names: string[]) {
  try {
    return parseArgs({ args, options, allowPositionals: positionals, strict: true, tokens: true });
  } catch (error) {
    const given =
      (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? /Unknown option '--([^'=]+)/.exec((error as Error).message)?.[1]
        : undefined;
    const hint = given === undefined ? '' : didYouMean(given, names, (name) => `--${name}`);
    if (hint) throw new UsageError(`Unknown option '--${given}': ${hint}`);
    throw error;
  }
}

/** The help lines of `specs`: the option and its placeholder in one column, what it does in the next, wrapped at 100 characters. */
export function optionHelp(specs: OptionSpecs, width = 36): string {
  return Object.entries(specs)
    .map(([name, spec]) => {
      const left = `  --${name}${spec.value ? ` ${spec.value}` : ''}${spec.multiple ? ' ...' : ''}`;
      const text = `${spec.help}${spec.env ? ` (or set ${spec.env})` : ''}${spec.default !== undefined && spec.default !== false ? ` (default ${spec.default})` : ''}`;
      const lines = wrap(text, 100 - width - 1);
      return [`${left.padEnd(width)} ${lines[0]}`, ...lines.slice(1).map((line) => `${' '.repeat(width + 1)}${line}`)].join('\n');
    })
    .join('\n');
}

function wrap(text: string, columns: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > columns) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

// Checks of values that several options share.

/** An http(s) origin (a path after it is allowed: a deployment may sit under one). */
export function httpUrl(value: string, name: string): void {
  if (!/^https?:\/\/[^/\s]+/.test(value)) throw new UsageError(`--${name} is an http(s) address, not ${JSON.stringify(value)}`);
}

/**
 * A whole number from `min` (and up to `max`): the same one line for `-5`, `=-5`, `2.5` or `abc`,
 * whatever the spelling, before the command does anything with it.
 */
export function wholeNumber(min: number, max?: number) {
  return (value: string, name: string): void => {
    const given = Number(value);
    const range = max === undefined ? `${min} or more` : `${min} to ${max}`;
    if (!/^\s*[-+]?\d+\s*$/.test(value) || given < min || (max !== undefined && given > max))
      throw new UsageError(`--${name} takes a whole number, ${range}, not ${JSON.stringify(value)}`);
  };
}

/** A TCP port: 0 to 65535. */
export const port = wholeNumber(0, 65535);

/** One of `choices`. */
export function oneOf(noun: string, choices: readonly string[]) {
  return (value: string): void => {
    if (!choices.includes(value)) throw new UsageError(`unknown ${noun} ${value}: ${choices.join(', ')}`);
  };
}

/** `NAME=VALUE` with a name. */
export function namedPair(value: string, name: string): void {
  if (value.indexOf('=') < 1) throw new UsageError(`--${name} takes NAME=VALUE, not ${JSON.stringify(value)}`);
}
