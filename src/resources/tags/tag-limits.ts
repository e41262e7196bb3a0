// The tag limits of spec 8 as the document states them (the constants of TagLimits, which the
// tag list reports, and TagName's length).
import { loadRuntimeDocument } from '../../spec/runtime-document.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import { propertyLimit } from '../../spec/schema-enum.ts';
import { TAG_NAME_LENGTH } from './tag-name.ts';

type TagLimits = components['schemas']['TagLimits'];

const document = loadRuntimeDocument('crm');

export const TAG_LIMITS: TagLimits = {
  per_record: propertyLimit(document, 'TagLimits', 'per_record', 'const') as TagLimits['per_record'],
  per_workspace: propertyLimit(document, 'TagLimits', 'per_workspace', 'const') as TagLimits['per_workspace'],
  name_length: TAG_NAME_LENGTH,
};
