// Issue 22's figure counted through the faults (scripts/judged-fully-figures.ts), on a small fixture:
// which could-judge rules count as proven on the stand-in, which are left, and what the table says.
import { describe, expect, it } from 'vitest';
import { judgedFully, judgedFullyMarkdown, type Inputs } from '../../scripts/judged-fully-figures.ts';

const rules = [
  { id: 'leads.a', area: 'leads', checks: ['leads.create'] },
  { id: 'leads.b', area: 'leads', checks: ['leads.create'] },
  { id: 'leads.c', area: 'leads', checks: ['leads.update'] },
  { id: 'leads.d', area: 'leads', checks: ['leads.update'], unproven: 'no answer shows it' },
  { id: 'leads.needs-control', area: 'leads', checks: ['leads.update'] },
  { id: 'query.a', area: 'query', checks: ['query.filters', 'leads.create'], reading: true },
  { id: 'events.a', area: 'events', checks: ['events.lead'] },
];
const faults = [
  { name: 'breaks-a-and-b', area: 'leads', proves: ['leads.a', 'leads.b'] },
  { name: 'breaks-c', area: 'leads', proves: ['leads.c'] },
  { name: 'breaks-c-too', area: 'events', proves: ['leads.c'] },
  { name: 'breaks-query', area: 'query', proves: ['query.a'] },
  { name: 'breaks-events', area: 'events', proves: ['events.a'] },
];
const inputs: Inputs = {
  measures: [
    {
      file: 'leads.json',
      mode: { receiver: true, wait: false },
      faults: {
        'breaks-a-and-b': {
          failed: ['leads.a'],
          warned: [],
          proves: { 'leads.a': { outcome: 'failed' }, 'leads.b': { outcome: 'skipped', message: 'needs two members' } },
        },
        // It fails leads.c, but was measured before its proves named it: the run did not look for it.
        'breaks-c': { failed: ['leads.c'], warned: [], proves: {} },
      },
    },
    {
      file: 'query.json',
      mode: { receiver: true, wait: true },
      faults: { 'breaks-query': { failed: [], warned: ['query.a'], proves: { 'query.a': { outcome: 'warned', message: 'a reading' } } } },
    },
  ],
  rules,
  faults,
  couldJudge: (id) => id !== 'leads.needs-control',
};

describe('judged fully on a deployment stand-in', () => {
  const figure = judgedFully(inputs);

  it('gives the figure over stated rules only: a reading is left out of it and listed apart', () => {
    expect(figure.stated).toEqual({ couldJudge: 4, onStandIn: 1, readings: ['query.a'], inferredOnly: [] });
  });

  it('counts a fault measured twice as measured in the file named for its area', () => {
    const old = {
      file: 'state.json',
      faults: { 'breaks-a-and-b': { failed: [], warned: [], proves: { 'leads.a': { outcome: 'passed' } } } },
    };
    const both = judgedFully({ ...inputs, measures: [...inputs.measures, old] });
    expect(both.total.onStandIn).toBe(1);
  });

  it('counts, per area of the measured faults, the could-judge rules, those proven on the mock and those failed on the stand-in', () => {
    expect(figure.areas).toEqual([
      { area: 'leads', couldJudge: 4, onMock: 3, onStandIn: 1, warnedThere: 0 },
      { area: 'query', couldJudge: 1, onMock: 1, onStandIn: 0, warnedThere: 1 },
    ]);
    // events.a is of no measured area; leads.needs-control is not a rule a deployment could let the suite judge.
    expect(figure.total).toEqual({ area: 'total', couldJudge: 5, onMock: 4, onStandIn: 1, warnedThere: 1 });
    expect(figure.modes).toEqual(['leads.json: with a receiver', 'query.json: with a receiver and waiting']);
    expect(judgedFully({ ...inputs, measures: [{ file: 'old.json', faults: {} }] }).modes).toEqual(['old.json: mode not recorded']);
  });

  it('lists every could-judge rule left, each proving fault with what the stand-in run said of it', () => {
    expect(figure.left).toEqual([
      {
        rule: 'leads.b',
        area: 'leads',
        faults: [{ fault: 'breaks-a-and-b', there: { outcome: 'skipped', message: 'needs two members' } }],
      },
      {
        rule: 'leads.c',
        area: 'leads',
        faults: [
          { fault: 'breaks-c', there: { outcome: 'not looked for', message: 'measured before its proves named the rule' } },
          { fault: 'breaks-c-too', there: undefined },
        ],
      },
      { rule: 'leads.d', area: 'leads', faults: [], unproven: 'no answer shows it' },
      { rule: 'query.a', area: 'query', faults: [{ fault: 'breaks-query', there: { outcome: 'warned', message: 'a reading' } }] },
    ]);
  });

  it('writes the table and the rules left as Markdown', () => {
    const markdown = judgedFullyMarkdown(figure, 'Judged fully');
    expect(markdown).toContain('| leads | 4 | 3 | 1 | 25 % | 0 | 25 % |');
    expect(markdown).toContain('| **total** | 5 | 4 | 1 | 20 % | 1 | 40 % |');
    expect(markdown).toContain('- `leads.b` (leads): breaks-a-and-b: skipped (needs two members)');
    expect(markdown).toContain(
      '- `leads.c` (leads): breaks-c: not looked for (measured before its proves named the rule); breaks-c-too: not measured',
    );
    expect(markdown).toContain('- `leads.d` (leads): no fault proves it on the mock (unproven: no answer shows it)');
    expect(markdown).toContain('## Stated could-judge rules not proven on the stand-in (3)');
    expect(markdown).toContain('the most telling of its proving faults): skipped 1, not looked for 1, no fault proves it 1.');
    expect(markdown).toContain('## Warned, as the spec leaves them open (1 readings)');
  });
});
