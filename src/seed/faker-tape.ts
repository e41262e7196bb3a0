// A seed's faker calls on tape (issue 14): the demo workspace of `seed: 1`, the one the README
// and most test files make, draws the same values from faker every time, so they are recorded
// once (scripts/generate-seed-tape.ts) and played back instead of importing faker and making
// them again (about 30 ms of a test file's start). Played back, the seed goes through the same
// rules as ever (the records, their ids, times and events are made as they are made now); only
// faker's answers come from the tape.
//
// Values are stored as faker returned them, but for a pick from an array the seed passed in (a
// member, a field's option, a stage, a company), stored as its index, since those hold ids that
// are new on every run, and for a date, stored as its time.
import type { Faker } from '@faker-js/faker';

/** The calls in order: the method's index in `methods`, and what it returned. */
export type FakerTape = { methods: string[]; calls: [number, unknown][] };

const PICKS_ONE = 'helpers.arrayElement';
const PICKS_SOME = 'helpers.arrayElements';

/** `faker`, whose answers to the seed (module.method(...)) are also written to `tape`. */
export function recordingFaker(faker: Faker, tape: FakerTape): Faker {
  return byMethod(faker, (method, args, call) => {
    const answer = call();
    if (!tape.methods.includes(method)) tape.methods.push(method);
    tape.calls.push([tape.methods.indexOf(method), encode(method, args, answer)]);
    return answer;
  });
}

/** A stand-in for faker that answers the seed's calls from `tape`, and refuses a call it did not record. */
export function replayingFaker(tape: FakerTape): Faker {
  let next = 0;
  return byMethod({} as Faker, (method, args) => {
    const [index, value] = tape.calls[next] ?? [];
    if (index === undefined || tape.methods[index] !== method) {
      throw new Error(
        `the seed's tape has ${index === undefined ? 'no more calls' : tape.methods[index]} where the seed calls ${method} (call ${next}): regenerate it (node scripts/generate-seed-tape.ts)`,
      );
    }
    next += 1;
    return decode(method, args, value);
  });
}

function encode(method: string, args: unknown[], answer: unknown): unknown {
  // A callback's faker calls would be recorded inside the call: its answer cannot be told apart.
  if (args.some((arg) => typeof arg === 'function')) throw new Error(`${method} takes a callback, which the tape cannot hold`);
  const from = args[0] as unknown[];
  if (method === PICKS_ONE) return from.indexOf(answer);
  if (method === PICKS_SOME) return (answer as unknown[]).map((item) => from.indexOf(item));
  if (answer instanceof Date) return answer.getTime();
  if (answer !== null && typeof answer === 'object') throw new Error(`${method} answered an object the tape cannot hold`);
  return answer;
}

function decode(method: string, args: unknown[], value: unknown): unknown {
  const from = args[0] as unknown[];
  if (method === PICKS_ONE) return from[value as number];
  if (method === PICKS_SOME) return (value as number[]).map((index) => from[index]);
  if (method.startsWith('date.')) return new Date(value as number);
  return value;
}

type Answer = (method: string, args: unknown[], call: () => unknown) => unknown;

/** `faker.module.method(...args)` through `answer`, which may call the real method. */
function byMethod(faker: Faker, answer: Answer): Faker {
  return new Proxy(faker, {
    get: (target, module: string) =>
      new Proxy(
        {},
        {
          get:
            (_, name: string) =>
            (...args: unknown[]) =>
              answer(`${module}.${name}`, args, () =>
                (Reflect.get(target, module) as Record<string, (...a: unknown[]) => unknown>)[name]!(...args),
              ),
        },
      ),
  });
}
