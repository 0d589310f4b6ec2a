import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Resource } from '@domain/resource/define-resource';
import { humanise, type FieldDef, type ImageRef } from '@domain/resource/field';
import { uploadKindFor } from '@domain/upload-kinds';
import { hasPermission } from '@domain/permissions';
import { recordText } from '@domain/record-text';
import type { RecordWorkflow } from '@machines/record-workflow';
import { apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { uploadFile, type ApiRecord } from '@data/resource-api';
import { useSession } from '@app/session/session-context';
import { Button } from '@ui/button';
import { TextField } from '@ui/text-field';
import { pushToast } from '@state/toasts';
import { ActionDialog, ActionForm, useActionForm, type ActionField, type ActionInputProps } from '@resources/action-form';
import { GatedAction } from '@resources/gated-action';
import { offeredFor } from '@resources/resource-action';
import { toRaw } from '@resources/form-values';
import { formatFieldText } from '@resources/cell-value';
import { useRecordEditing, useUnsavedEdit } from '@resources/record-editing';
import './workflows.css';
import { acceptedEvents } from '@machines/workflow-snapshot';
import { workflowStateLabel } from '@machines/workflow-labels';

/** Props of WorkflowPanel. */
export interface WorkflowPanelProps {
  workflow: RecordWorkflow;
  resource: Resource;
  record: ApiRecord;
  /** Events another part of the page offers (e.g. a ticket's Close, with its close reasons): not repeated here. */
  offeredElsewhere?: readonly string[];
  /** More buttons beside the events (a ticket's Close…). */
  extra?: ReactNode;
}

/** Payload fields of an event (everything but its type). */
function payloadFields(workflow: RecordWorkflow, type: string): string[] {
  return Object.keys(workflow.eventSchemas[type]!.shape).filter((k) => k !== 'type');
}

/** A record's state as staff read it: its state field's option label, else the state in words. */
export function stateLabel(workflow: RecordWorkflow, resource: Resource, record: ApiRecord): string {
  return workflowStateLabel(workflow, resource, String(record[workflow.stateField]));
}

/**
 * The record header's workflow bar: the state as a pill, then exactly the events its current state accepts (the same
 * machine as the server's, guards included) that the user's permissions allow, each with the permission badge when
 * names are on. Events with a payload open a small dialog; the server's answer (409 included) is shown as it comes.
 */
export function WorkflowPanel({ workflow, resource, record, offeredElsewhere = [], extra }: WorkflowPanelProps) {
  const { user } = useSession();
  const types = Object.keys(workflow.eventSchemas);
  const accepted = acceptedEvents(workflow, record);
  const blocked = types.filter((type) => !accepted.includes(type) && workflow.refusal?.(type, record));
  const [open, setOpen] = useState<string | null>(null);
  const allowed = accepted.filter((type) => !offeredElsewhere.includes(type) && hasPermission(user.permissions, workflow.permissions[type]!));
  const state = stateLabel(workflow, resource, record);
  // The record's own actions that depend on its state (a booking's Stop charging or load balancing) are next steps
  // too: with any of them offered there is something more to do, whether or not the machine takes an event here.
  const stateActions = resource.actions.filter((action) => action.on === 'record' && (action.event || action.when) && offeredFor(resource, action, record));
  const nothingMore = accepted.length === 0 && stateActions.length === 0;

  return (
    <section className="workflow-panel" aria-label="Workflow">
      <div className="workflow-panel__bar">
        <h2 className="workflow-panel__state">
          <span className="ui-visually-hidden">Status: </span>
          <span className="pill pill--info">{state}</span>
        </h2>
        <div className="workflow-panel__actions">
          {accepted
            .filter((type) => !offeredElsewhere.includes(type))
            .map((type) => (
              <GatedAction key={type} permission={workflow.permissions[type]!}>
                <Button size="sm" variant={type === 'APPROVE' ? 'primary' : type === 'REJECT' ? 'danger' : 'secondary'} onPress={() => setOpen(type)}>
                  {humanise(type)}
                </Button>
              </GatedAction>
            ))}
          {extra}
        </div>
      </div>
      {nothingMore ? <p className="workflow-panel__note">Nothing more to do: this {resource.title.toLowerCase()} is {state.toLowerCase()}.</p> : null}
      {accepted.some((type) => !offeredElsewhere.includes(type)) && allowed.length === 0 ? <p className="workflow-panel__note">The next steps need permissions you do not have.</p> : null}
      {blocked.map((type) => (
        <p key={type} className="workflow-panel__blocked">
          {humanise(type)}: {workflow.refusal!(type, record)}
        </p>
      ))}
      {open ? <EventDialog workflow={workflow} resource={resource} record={record} type={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

function EventDialog({ workflow, resource, record, type, onClose }: WorkflowPanelProps & { type: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const names = payloadFields(workflow, type);
  // A payload field is the resource's own (prefilled from the record) or one the workflow declares for the event.
  const defOf = (f: string): FieldDef | undefined => workflow.eventFields?.[f] ?? resource.allFields[f];
  const images = (record.images as ImageRef[] | null) ?? [];
  const fields = names.flatMap((f): ActionField[] => {
    if (f === 'reason') return [{ path: f, input: ({ value, onChange, error }) => <TextField label="Reason" value={String(value ?? '')} onChange={onChange} isRequired autoFocus errorMessage={error} /> }];
    if (f === 'image') return [{ path: f, input: (props) => <ImageUpload resource={resource} {...props} /> }];
    if (f === 'imageId') return [{ path: f, input: ({ value, onChange }) => <ImageToRemove images={images} value={String(value ?? '')} onChange={onChange} /> }];
    const def = defOf(f);
    return def ? [{ path: f, def }] : [];
  });
  const form = useActionForm({
    fields,
    initial: {
      reason: '',
      image: null,
      imageId: '',
      ...Object.fromEntries(fields.filter((f) => f.def && !workflow.eventFields?.[f.path]).map((f) => [f.path, toRaw(f.def!, record[f.path])])),
    },
    given: { type },
    // The same schema the server checks (the version is the request's, not the event's).
    schema: workflow.eventSchemas[type]!,
    refusedMessage: (values) => (names.includes('image') && !values.image ? 'Upload an image first.' : 'Some fields need attention.'),
  });
  const { ownWrite } = useRecordEditing();
  // An open event dialog holds what the user typed: the page does not replace the record under it.
  useUnsavedEdit('workflow-event', true);

  const submit = async () => {
    const checked = form.check();
    if (!checked) return;
    const id = String(record[resource.idField]);
    const sent = await form.run(() =>
      ownWrite(async () => {
        await apiRequest(`${resource.apiPath}/${encodeURIComponent(id)}/transition`, { method: 'POST', body: { ...checked.body, version: record.version } });
        // The record itself (any resource's view of it: a ticket opened from My Tickets too) is read again before the
        // dialog closes, so the next event is offered from the new state and version; lists, related records and the
        // history refetch behind it (waiting for all of them kept the dialog pending on a busy server).
        await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] === 'one' && query.queryKey[2] === id });
      }),
    );
    if (!sent) return;
    pushToast(`${humanise(type)}: done`, 'success');
    onClose();
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource.name).all }),
      // A server effect of the event may have written related records too (e.g. a settlement's bookings).
      ...(resource.related ?? []).map((related) => queryClient.invalidateQueries({ queryKey: queryKeys.resource(related.resource).all })),
      queryClient.invalidateQueries({ queryKey: ['audit', resource.name, id] }),
    ]);
  };

  return (
    <ActionDialog title={humanise(type)} onClose={onClose} busy={form.busy} alert={false}>
      <ActionForm
        form={form}
        submitLabel={humanise(type)}
        variant={type === 'REJECT' ? 'danger' : 'primary'}
        onSubmit={() => void submit()}
        onCancel={onClose}
        intro={
          workflow.asks?.[type] ? (
            <p className="workflow-dialog__ask">{recordText(workflow.asks[type], (f) => (resource.allFields[f] ? formatFieldText(resource.allFields[f], record[f], record, f) : undefined))}</p>
          ) : names.length === 0 ? (
            <p>
              {humanise(type)} this {resource.title.toLowerCase()}?
            </p>
          ) : null
        }
        note={workflow.confirms?.[type] ? <p className="workflow-dialog__confirm">{workflow.confirms[type]}</p> : null}
        submitDisabled={names.includes('image') && !form.values.image}
      />
    </ActionDialog>
  );
}

/** An event's image: uploaded at once as the record's kind of upload, the event then adds it to the record's images. */
function ImageUpload({ resource, value, onChange, setMessage }: ActionInputProps & { resource: Resource }) {
  const image = value as ImageRef | null;
  return (
    <label className="ui-field">
      <span className="ui-field__label">Image</span>
      <input
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          try {
            const uploaded = await uploadFile(file, uploadKindFor(resource.name)?.name);
            onChange({ id: uploaded.id, relativePath: uploaded.relativePath, name: uploaded.name });
          } catch (err) {
            setMessage(errorMessage(err));
          }
        }}
      />
      {image ? <span className="ui-field__description">Uploaded {image.name}</span> : null}
    </label>
  );
}

/** Which of the record's images an event removes. */
function ImageToRemove({ images, value, onChange }: { images: readonly ImageRef[]; value: string; onChange: (id: string) => void }) {
  return (
    <label className="ui-field">
      <span className="ui-field__label">Image to remove</span>
      <select className="ui-field__input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose…</option>
        {images.map((i) => (
          <option key={i.id} value={i.id}>
            {i.name}
          </option>
        ))}
      </select>
    </label>
  );
}
