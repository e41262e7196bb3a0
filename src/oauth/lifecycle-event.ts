// The body of an app lifecycle event (spec 6.5), as the document has it.
import type { components } from '../spec/generated/crm.d.ts';

export type LifecycleEvent = components['schemas']['AppLifecycleEvent'];
export type LifecycleEventType = 'app.installed' | 'app.scopes_changed' | 'app.settings_updated' | 'app.uninstalled';
