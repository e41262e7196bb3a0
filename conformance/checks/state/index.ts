// The state family's checks, in the order they run. The two that move a mock's clock a day
// ahead (bulk-tags, note-edit-window) run last.
import type { Check } from '../../check.ts';
import { bulkTags } from './bulk-tags.ts';
import { duplicateLead } from './duplicate-lead.ts';
import { formTags } from './form-tags.ts';
import { leadLimits } from './lead-limits.ts';
import { noteEditWindow } from './note-edit-window.ts';
import { stageMoves } from './stage-moves.ts';
import { tagCatalog } from './tag-catalog.ts';
import { tagChanges } from './tag-changes.ts';
import { tagLimits } from './tag-limits.ts';
import { tagQueryFilters } from './tag-query-filters.ts';
import { tagRights } from './tag-rights.ts';
import { tagExists } from './tag-exists.ts';
import { tagNames } from './tag-names.ts';
import { tagRules } from './tag-rules.ts';
import { taskCreate } from './task-create.ts';
import { taskFilters } from './task-filters.ts';
import { taskStates } from './task-states.ts';
import { taskTransitions } from './task-transitions.ts';
import { timelineNotes } from './timeline-notes.ts';
import { trashAndRestore } from './trash-and-restore.ts';
import { useAfterDelete } from './use-after-delete.ts';

export const stateChecks: Check[] = [
  trashAndRestore,
  stageMoves,
  taskTransitions,
  taskCreate,
  taskStates,
  taskFilters,
  tagRules,
  tagExists,
  tagNames,
  tagCatalog,
  tagChanges,
  tagRights,
  formTags,
  tagLimits,
  tagQueryFilters,
  timelineNotes,
  useAfterDelete,
  duplicateLead,
  leadLimits,
  bulkTags,
  noteEditWindow,
];
