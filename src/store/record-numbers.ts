// Record numbers (spec 2.1): leads, contacts, companies and tasks count up per workspace from 1,
// each kind on its own, and a number is never given twice, not even after a record is gone.
export type NumberedKind = 'lead' | 'contact' | 'company' | 'task';

export type RecordNumbers = Record<NumberedKind, number>;

export function noRecordNumbers(): RecordNumbers {
  return { lead: 0, contact: 0, company: 0, task: 0 };
}

export function nextRecordNumber(numbers: RecordNumbers, kind: NumberedKind): number {
  return ++numbers[kind];
}
