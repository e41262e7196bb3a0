// The record a path names by id (short or long prefix) or by record number (spec 2.1). Tables
// belong to one workspace, so a number or id of another workspace is simply not found: the
// same 404 as an unknown one.
import { normalizeId } from '../ids/ids.ts';
import type { Table } from './table.ts';
import { notFound } from '../errors/not-found.ts';

export function findRecord<T extends { id: string }>(table: Table<T>, idOrNumber: string): T {
  const record = /^[0-9]+$/.test(idOrNumber) ? table.firstBy('number', Number(idOrNumber)) : table.get(normalizeId(idOrNumber));
  if (!record) throw notFound(idOrNumber);
  return record;
}
