// The tag limits of spec 8, as the tag list shows them.
import type { components } from '../../spec/generated/crm.d.ts';
import { TAG_NAME_LENGTH } from './tag-name.ts';

export const TAG_LIMITS: components['schemas']['TagLimits'] = { per_record: 10, per_workspace: 200, name_length: TAG_NAME_LENGTH };
