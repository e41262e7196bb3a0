// A workspace's virtual clock: it follows real time, can be frozen, set and advanced, and runs
// the work scheduled on it in time order, each piece at its own time.
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/virtual-clock.ts';

const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);

function frozenAt(atMs: number): VirtualClock {
  const clock = new VirtualClock(() => atMs);
  return clock;
}

describe('the virtual clock', () => {
  it('follows real time until frozen, then stands still', async () => {
    let real = T0;
    const clock = new VirtualClock(() => real);
    real += 1000;
    expect(clock.now()).toBe(T0 + 1000);
    await clock.freeze(true);
    real += 5000;
    expect(clock.now()).toBe(T0 + 1000);
    await clock.freeze(false);
    real += 10;
    expect(clock.now()).toBe(T0 + 1010);
  });

  it('advancing runs due work in time order, each at its own time, not what is still ahead', async () => {
    const clock = frozenAt(T0);
    await clock.freeze(true);
    const ran: [string, number][] = [];
    clock.schedule(T0 + 300_000, () => void ran.push(['five minutes', clock.now()]));
    clock.schedule(T0 + 60_000, () => void ran.push(['one minute', clock.now()]));
    clock.schedule(T0 + 7_200_000, () => void ran.push(['two hours', clock.now()]));
    await clock.advance(3_600_000);
    expect(ran).toEqual([
      ['one minute', T0 + 60_000],
      ['five minutes', T0 + 300_000],
    ]);
    expect(clock.now()).toBe(T0 + 3_600_000);
    expect(clock.pending).toBe(1);
  });

  it('work scheduled by due work runs in the same advance when it falls due in time', async () => {
    const clock = frozenAt(T0);
    await clock.freeze(true);
    const ran: number[] = [];
    const retry = (attempt: number) => () => {
      ran.push(clock.now() - T0);
      if (attempt < 3) clock.schedule(clock.now() + 60_000, retry(attempt + 1));
    };
    clock.schedule(T0 + 60_000, retry(1));
    await clock.advance(600_000);
    expect(ran).toEqual([60_000, 120_000, 180_000]);
  });

  it('work that falls at the same time runs in the order it was scheduled', async () => {
    const clock = frozenAt(T0);
    await clock.freeze(true);
    const ran: string[] = [];
    for (const name of ['a', 'b', 'c']) clock.schedule(T0 + 1000, () => void ran.push(name));
    await clock.advance(1000);
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('setting the clock waits for asynchronous work before it answers', async () => {
    const clock = frozenAt(T0);
    await clock.freeze(true);
    let finished = false;
    clock.schedule(T0 + 10, async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      finished = true;
    });
    await clock.set(T0 + 1000);
    expect(finished).toBe(true);
  });

  it('while it follows real time, a real timer runs work when its time comes', async () => {
    const clock = new VirtualClock();
    const ran = new Promise<number>((resolve) => clock.schedule(clock.now() + 30, () => resolve(clock.now())));
    const scheduledAt = clock.now();
    expect(await ran).toBeGreaterThanOrEqual(scheduledAt + 30);
    clock.stop();
  });

  it('due work that asks for runDue() during an advance never puts the clock back', async () => {
    const clock = frozenAt(T0);
    await clock.freeze(true);
    // As a webhook fan-out does: work at +1 s asks the clock to run what is due "now".
    clock.schedule(T0 + 1000, () => void clock.runDue());
    clock.schedule(T0 + 4000, () => {});
    await clock.advance(5000);
    expect(clock.now()).toBe(T0 + 5000);
    await clock.runDue();
    expect(clock.now()).toBe(T0 + 5000);
  });

  it('a move waits for work left to finish on its own, so that what it schedules is not passed by', async () => {
    const clock = new VirtualClock();
    const startMs = clock.now();
    const ran: number[] = [];
    // An attempt out to a slow receiver: when its answer comes, its retry is scheduled a minute after it went out.
    const attempt = new Promise<void>((resolve) => setTimeout(resolve, 50)).then(() =>
      clock.schedule(startMs + 60_000, () => void ran.push(clock.now())),
    );
    clock.finishBeforeMoves(attempt);
    await clock.advance(86_400_000);
    expect(ran).toEqual([startMs + 60_000]);
    expect(clock.now()).toBeGreaterThanOrEqual(startMs + 86_400_000);
  });

  it('a failing piece of work does not stop the others', async () => {
    const clock = frozenAt(T0);
    await clock.freeze(true);
    const ran: string[] = [];
    const quiet = console.error;
    console.error = () => {};
    clock.schedule(T0 + 1, () => {
      throw new Error('receiver down');
    });
    clock.schedule(T0 + 2, () => void ran.push('next'));
    await clock.advance(10);
    console.error = quiet;
    expect(ran).toEqual(['next']);
  });

  it('running due work does not put a clock that follows real time back by the time the work took', async () => {
    let real = T0;
    const clock = new VirtualClock(() => real);
    clock.schedule(T0, () => void (real += 500));
    await clock.runDue();
    clock.stop();
    expect(clock.now()).toBe(T0 + 500);
  });
});
