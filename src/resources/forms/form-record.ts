// A website form as the web app defines it (the control API's `Form`); the public
// configuration of spec 2.14 is this in one language.
import type { components } from '../../spec/generated/mock-control.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';

export type Form = components['schemas']['Form'];
export type FormField = Form['fields'][number];

export const formTable: TableDefinition<Form> = { document: 'mock-control', schema: 'Form' };
