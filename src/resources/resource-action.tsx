import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { permissionChanges, permissionLabel } from '@domain/permission-labels';
import type { ResolvedAction, Resource } from '@domain/resource/define-resource';
import { ownResourceOf } from '@domain/resource/registry';
import { workflowOf } from '@machines/workflow-registry';
import { snapshotOf } from '@machines/workflow-snapshot';
import { apiRequest } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import type { ApiRecord } from '@data/resource-api';
import { useSession } from '@app/session/session-context';
import { Button } from '@ui/button';
import { pushToast } from '@state/toasts';
import { CellValue } from './cell-value';
import { ActionDialog, ActionForm, useActionForm } from './action-form';
import { toRaw } from './form-values';
import { GatedAction } from './gated-action';

/** Props of ResourceActionButton. */
export interface ResourceActionButtonProps {
  resource: Resource;
  action: ResolvedAction;
  /** The record a record action applies to (its `fromRecord` fields are sent as they are). */
  record?: ApiRecord;
}

/**
 * True when a record action is offered for the record: its workflow's machine accepts the action's `event` in the
 * record's state (as the server checks it), or its `when` condition holds.
 */
export function offeredFor(resource: Resource, action: ResolvedAction, record: ApiRecord): boolean {
  if (action.event) {
    const workflow = workflowOf(ownResourceOf(resource, record).name);
    return workflow !== undefined && snapshotOf(workflow, record).can({ type: action.event });
  }
  const when = action.when;
  if (!when) return true;
  const value = record[when.field] as string | number | boolean;
  return 'in' in when ? when.in.includes(value) : value === when.equals;
}

/**
 * A declared resource action (define-resource `actions`): a button for users holding its permission that opens a
 * confirm dialog saying what will happen, with the action's fields (errors next to them, checked by the same
 * schema as the server) and Cancel / confirm. The lists and the record are refreshed when it is done.
 */
export function ResourceActionButton({ resource, action, record }: ResourceActionButtonProps) {
  const [open, setOpen] = useState(false);
  if (record && !offeredFor(resource, action, record)) return null;
  return (
    <GatedAction permission={action.permission}>
      <Button variant={action.variant ?? 'secondary'} onPress={() => setOpen(true)}>
        {action.title}
      </Button>
      {open ? <ResourceActionDialog resource={resource} action={action} record={record} onClose={() => setOpen(false)} /> : null}
    </GatedAction>
  );
}

export function ResourceActionDialog({ resource, action, record, onClose }: ResourceActionButtonProps & { onClose: () => void }) {
  const { globalConfig } = useSession();
  const queryClient = useQueryClient();
  const given = record ? (action.fromRecord ?? []) : [];
  const entered = Object.keys(action.fields).filter((f) => !given.includes(f));
  const edited = new Set(record ? (action.edit ?? []) : []);
  const form = useActionForm({
    fields: entered.map((f) => ({ path: f, def: action.fields[f]!, required: action.fields[f]!.required })),
    initial: Object.fromEntries(entered.filter((f) => edited.has(f)).map((f) => [f, toRaw(action.fields[f]!, record![f])])),
    given: Object.fromEntries(given.map((f) => [f, record![f]])),
    schema: action.bodySchema,
  });
  // Actions with `review`: the body checked and waiting for the user to confirm what it changes.
  const [reviewing, setReviewing] = useState<Record<string, unknown>>();
  // Actions over many records answer per record (`results`): shown before the dialog closes.
  const [outcome, setOutcome] = useState<RecordResult[]>();

  const review = () => {
    const body = form.check()?.body;
    if (!body) return;
    if (record && changesOf(action, record, body).length === 0) {
      form.setMessage('Nothing has changed yet.');
      return;
    }
    setReviewing(body);
  };

  const submit = async (ready?: Record<string, unknown>) => {
    const body = ready ?? form.check()?.body;
    if (!body) return;
    const sent = await form.run(async () => {
      const answer = await apiRequest(action.apiPath, { method: 'POST', body });
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource.name).all });
      // An action may change the record page's related lists too (a group's members).
      for (const related of resource.related ?? []) await queryClient.invalidateQueries({ queryKey: queryKeys.resource(related.resource).all });
      if (record) await queryClient.invalidateQueries({ queryKey: ['audit', resource.name, String(record[resource.idField])] });
      pushToast(`${action.title}: done`, 'success');
      const results = resultsOf(answer);
      if (results) setOutcome(results);
      else onClose();
    });
    if (!sent) setReviewing(undefined);
  };
  const reviewRequired = Boolean(action.review && record);

  return (
    <ActionDialog
      onClose={onClose}
      busy={form.busy}
      title={
        record && action.fromRecord?.[0] === resource.idField && record[resource.labelField] != null ? (
          // A record's id names it badly; its label does ("Add member Green Fleet?").
          <>
            {action.title} {String(record[resource.labelField])}?
          </>
        ) : record && action.fromRecord?.length ? (
          <>
            {action.title} <CellValue def={resource.allFields[action.fromRecord[0]!]!} field={action.fromRecord[0]!} record={record} cdnBase={globalConfig?.imageCDNUrl} />?
          </>
        ) : (
          action.title
        )
      }
    >
      {outcome ? (
        <ResultsStep results={outcome} onClose={onClose} />
      ) : reviewing && record ? (
        <ReviewStep action={action} record={record} body={reviewing} busy={form.busy} onBack={() => setReviewing(undefined)} onConfirm={() => void submit(reviewing)} />
      ) : (
        <ActionForm
          form={form}
          intro={<p className="ui-dialog__body">{action.confirm}</p>}
          submitLabel={reviewRequired ? 'Review changes' : action.title}
          variant={action.variant === 'danger' ? 'danger' : 'primary'}
          onSubmit={() => (reviewRequired ? review() : void submit())}
          onCancel={onClose}
        />
      )}
    </ActionDialog>
  );
}

/** One line of a review: an item added or removed, or a value changed. */
interface ChangeLine {
  kind: 'added' | 'removed' | 'changed';
  field: string;
  text: string;
  /** The stored code beside a label (permissions), if it differs from the text. */
  code?: string;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What the action's edited fields change on the record: list items added and removed, other values from → to. */
export function changesOf(action: ResolvedAction, record: ApiRecord, body: Record<string, unknown>): ChangeLine[] {
  const lines: ChangeLine[] = [];
  for (const field of action.edit ?? []) {
    const def = action.fields[field]!;
    const before = record[field];
    const after = body[field];
    if (Array.isArray(before) || Array.isArray(after)) {
      const label = (item: string) => (def.inputKind === 'permissions' ? permissionLabel(item) : item);
      const { added, removed } = def.inputKind === 'permissions' ? permissionChanges((before as string[]) ?? [], (after as string[]) ?? []) : plainChanges((before as string[]) ?? [], (after as string[]) ?? []);
      for (const item of added) lines.push({ kind: 'added', field, text: label(item), code: label(item) === item ? undefined : item });
      for (const item of removed) lines.push({ kind: 'removed', field, text: label(item), code: label(item) === item ? undefined : item });
    } else if (!sameValue(before, after)) {
      lines.push({ kind: 'changed', field, text: `${def.label}: ${String(before ?? '—')} → ${String(after ?? '—')}` });
    }
  }
  return lines;
}

function plainChanges(before: readonly string[], after: readonly string[]): { added: string[]; removed: string[] } {
  return { added: after.filter((x) => !before.includes(x)), removed: before.filter((x) => !after.includes(x)) };
}

/** The review step: what will be added and removed, then Back or the action's confirm. */
function ReviewStep({ action, record, body, busy, onBack, onConfirm }: { action: ResolvedAction; record: ApiRecord; body: Record<string, unknown>; busy: boolean; onBack: () => void; onConfirm: () => void }) {
  const lines = changesOf(action, record, body);
  const added = lines.filter((l) => l.kind === 'added').length;
  const removed = lines.filter((l) => l.kind === 'removed').length;
  return (
    <div className="resource-action-review">
      <p className="ui-dialog__body">
        {[added ? `${added} to add` : '', removed ? `${removed} to remove` : ''].filter(Boolean).join(', ') || 'Changes'}. {action.confirm}
      </p>
      <ul className="resource-action-review__list" aria-label="Changes to confirm">
        {lines.map((line) => (
          <li key={`${line.kind}-${line.field}-${line.code ?? line.text}`} className={`resource-action-review__line resource-action-review__line--${line.kind}`}>
            <span aria-hidden="true">{line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : '~'}</span>{' '}
            <span className="ui-visually-hidden">{line.kind === 'added' ? 'Add' : line.kind === 'removed' ? 'Remove' : 'Change'} </span>
            {line.text}
            {line.code ? (
              <>
                {' '}
                <code className="resource-action-review__code">{line.code}</code>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="ui-dialog__actions">
        <Button variant="secondary" onPress={onBack} isDisabled={busy}>
          Back
        </Button>
        <Button variant={action.variant === 'danger' ? 'danger' : 'primary'} onPress={onConfirm} isPending={busy} autoFocus>
          Confirm
        </Button>
      </div>
    </div>
  );
}

/** One record's result of an action over many records: done, unchanged, or refused with the reason. */
interface RecordResult {
  status: string;
  label?: string;
  reason?: string;
  userId?: string;
}

/** The per-record results of an answer (`{ results: [{ status, label?, reason? }] }`), if it has them. */
function resultsOf(answer: unknown): RecordResult[] | undefined {
  const results = (answer as { results?: unknown } | null)?.results;
  if (!Array.isArray(results) || !results.every((r) => typeof r === 'object' && r !== null && typeof (r as RecordResult).status === 'string')) return undefined;
  return results as RecordResult[];
}

const STATUS_TEXT: Readonly<Record<string, string>> = { assigned: 'Assigned', unchanged: 'Already held it', refused: 'Refused' };

/** What happened to each record, refused ones first, then Close. */
function ResultsStep({ results, onClose }: { results: RecordResult[]; onClose: () => void }) {
  const order = (r: RecordResult) => (r.status === 'refused' ? 0 : r.status === 'unchanged' ? 2 : 1);
  const counts = Object.entries(
    results.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {}),
  ).map(([status, n]) => `${n} ${(STATUS_TEXT[status] ?? status).toLowerCase()}`);
  return (
    <div className="resource-action-review">
      <p className="ui-dialog__body" role="status">
        {counts.join(', ')}.
      </p>
      <ul className="resource-action-review__list" aria-label="Results">
        {[...results]
          .sort((a, b) => order(a) - order(b))
          .map((r, index) => (
            <li key={`${r.userId ?? r.label ?? ''}-${index}`} className={`resource-action-review__line resource-action-review__line--${r.status === 'refused' ? 'removed' : r.status === 'assigned' ? 'added' : 'changed'}`}>
              <strong>{STATUS_TEXT[r.status] ?? r.status}</strong> {r.label ?? r.userId ?? ''}
              {r.reason ? <span className="resource-action-review__code">{r.reason}</span> : null}
            </li>
          ))}
      </ul>
      <div className="ui-dialog__actions">
        <Button variant="primary" onPress={onClose} autoFocus>
          Close
        </Button>
      </div>
    </div>
  );
}
