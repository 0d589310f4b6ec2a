// What a feature adds to the generic pages of the resources it works on. The generic pages (list, record, form)
// know no resource by name: a feature folder under src/workflows declares its panels, header actions, list columns
// and bulk actions in one extension file, the console's list of extensions (src/app/resource-extensions.ts) gathers
// them, and the app passes that list to the pages, which show what applies to the resource on screen.
import type { ComponentType, ReactNode } from 'react';
import type { Permission } from '@domain/permissions';
import type { ListView, Resource } from '@domain/resource/define-resource';
import type { RecordWorkflow } from '@machines/record-workflow';
import type { ApiRecord, BulkRequestTarget, BulkResult } from '@data/resource-api';
import type { DataColumn } from '@ui/data-table';
import type { RawValue } from './form-values';

/** What a record page gives the panels and buttons declared for it. */
export interface RecordPartProps {
  /** The resource the page was opened for (a cross-kind list's resource, such as every ticket, keeps its own). */
  resource: Resource;
  /** The record's own resource (a ticket's kind): its workflow and history. */
  owner: Resource;
  /** The record as the page shows it. */
  record: ApiRecord;
  /** The record's id as the page's URL names it. */
  id: string;
}

/** What a record page's history is given, when a feature shows it its own way (a ticket's comments). */
export interface RecordHistoryProps {
  /** The record's own resource: its audit rows and field labels. */
  resource: Resource;
  id: string;
  /** When the record was last read: a newer read means someone changed it, so the history is read again too. */
  recordReadAt?: number;
}

/** What the workflow panel of a record page is given. */
export interface WorkflowPanelSlotProps {
  workflow: RecordWorkflow;
  /** The record's own resource. */
  resource: Resource;
  record: ApiRecord;
  /** Events another part of the page offers on its own terms: not repeated in the panel. */
  offeredElsewhere: readonly string[];
  /** Buttons of those parts, beside the events. */
  extra: ReactNode;
}

/** Properties shown in a section of their own at the top of the properties panel. */
export interface PropertySection {
  title: string;
  fields: readonly string[];
  /** Fields of the section left out while the record holds no value in them (and shown nowhere else). */
  onlyWhenSet?: readonly string[];
}

/** A panel of the record page's main column. */
export interface RecordPanel {
  component: ComponentType<RecordPartProps>;
  /** `top`: above the record's prose and related lists; `beforeHistory`: below them, above the history. */
  place: 'top' | 'beforeHistory';
}

/** What a feature adds to the record page. */
export interface RecordExtension {
  /** Buttons and links at the start of the header's actions. */
  headerActions?: readonly ComponentType<RecordPartProps>[];
  /** The panel of the record's workflow (its state and the events it accepts), for records that have one. */
  workflowPanel?: ComponentType<WorkflowPanelSlotProps>;
  /** Workflow events this feature offers on its own terms (with `workflowActions`): the workflow panel leaves them out. */
  workflowEvents?: readonly string[];
  /** Buttons shown in the workflow panel beside its events. */
  workflowActions?: readonly ComponentType<RecordPartProps>[];
  /** Fields this feature shows in a panel of its own: never a property too. */
  shownElsewhere?: readonly string[];
  /** Sections placed first in the properties panel. */
  propertySections?: readonly PropertySection[];
  /** Properties this feature shows itself (edited in place), in place of the plain value. */
  properties?: { fields: readonly string[]; component: ComponentType<{ field: string }> };
  /** Wraps the properties panel (the state its property editors share), remounted when the page reloads the record. */
  propertiesScope?: ComponentType<{ resource: Resource; record: ApiRecord; children: ReactNode }>;
  /** Panels at the end of the properties panel. */
  sidePanels?: readonly ComponentType<RecordPartProps>[];
  /** Panels of the main column. */
  panels?: readonly RecordPanel[];
  /** The record's history, shown this feature's way instead of the plain one. */
  history?: ComponentType<RecordHistoryProps>;
}

/** What a list page gives the buttons declared for its header. */
export interface ListPartProps {
  resource: Resource;
  view: ListView;
  /** The list's query string as the URL carries it (filters, search, sort). */
  search: string;
  /** Rows matching the list, once it answered. */
  count: number;
  countExact: boolean;
  /** True once the list answered without an error. */
  loaded: boolean;
}

/** What a bulk action's button is given: the selection and the way to send a change for it. */
export interface BulkActionProps {
  resource: Resource;
  /** The selection in words ("3 customer support tickets", "all 30 … matching this list"). */
  what: string;
  target: BulkRequestTarget;
  /** Sends the change and says in a toast what it did (`verb`: "closed"); throws, after saying why, when it failed. */
  send(verb: string, call: () => Promise<BulkResult>): Promise<void>;
}

/** One action a list offers on its selection, to users holding its permission. */
export interface BulkAction {
  id: string;
  permission: Permission;
  component: ComponentType<BulkActionProps>;
}

/** What a feature adds to the list page. */
export interface ListExtension {
  /** Buttons and links in the header, after the resource's own actions. */
  headerActions?: readonly ComponentType<ListPartProps>[];
  /** Columns after the resource's own. */
  columns?: readonly DataColumn<ApiRecord>[];
  /** True for a row still being worked on: while any is shown and the live channel is closed, the list reads again every 3 s. */
  workInProgress?: (row: ApiRecord) => boolean;
  /** Actions on the selection, before the workflow's events. */
  bulkActions?: readonly BulkAction[];
  /** Workflow events the bulk actions offer on their own terms: not offered again as plain events. */
  bulkEvents?: readonly string[];
  /** Resources whose lists show the same records (read again after a bulk change besides the list's own). */
  sameRecords?: (resource: Resource) => readonly Resource[];
}

/** What a form page gives the panels declared for it. */
export interface FormPartProps {
  resource: Resource;
  /** The form's values as entered. */
  values: Readonly<Record<string, RawValue>>;
  /** Sets some fields' values (and clears their errors). */
  change(values: Readonly<Record<string, RawValue>>): void;
}

/** What a feature adds to the add and edit forms. */
export interface FormExtension {
  /** Panels after the form's sections. */
  panels?: readonly ComponentType<FormPartProps>[];
}

/** What one feature adds to the generic pages of the resources it applies to. */
export interface ResourceExtension {
  /** Names the feature (for reading and for tests). */
  feature: string;
  /** True for the resources whose pages it extends. */
  appliesTo(resource: Resource): boolean;
  record?: RecordExtension;
  list?: ListExtension;
  form?: FormExtension;
}

/** The extensions' parts for one resource, in the order of the list. */
export function extensionsFor<K extends 'record' | 'list' | 'form'>(extensions: readonly ResourceExtension[], resource: Resource, part: K): NonNullable<ResourceExtension[K]>[] {
  return extensions.filter((e) => e.appliesTo(resource) && e[part]).map((e) => e[part]!);
}
