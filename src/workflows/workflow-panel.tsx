import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { Resource } from '@domain/resource/define-resource';
import { humanise, type FieldDef, type ImageRef } from '@domain/resource/field';
import { uploadKindFor } from '@domain/upload-kinds';
import { hasPermission } from '@domain/permissions';
import type { RecordWorkflow } from '@machines/record-workflow';
import { ApiError, apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { uploadFile, type ApiRecord } from '@data/resource-api';
import { useSession } from '@app/session/session-context';
import { Button } from '@ui/button';
import { TextField } from '@ui/text-field';
import { pushToast } from '@state/toasts';
import { FieldInput } from '@resources/field-input';
import { GatedAction } from '@resources/gated-action';
import { emptyRaw, fromRaw, toRaw, type RawValue } from '@resources/form-values';
import { useRecordEditing, useUnsavedEdit } from '@resources/record-editing';
import './workflows.css';
import { acceptedEvents } from '@machines/workflow-snapshot';

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
  const value = String(record[workflow.stateField]);
  return resource.allFields[workflow.stateField]?.options?.find((o) => o.value === value)?.label ?? humanise(value);
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
      {accepted.length === 0 ? <p className="workflow-panel__note">Nothing more to do: this {resource.title.toLowerCase()} is {state.toLowerCase()}.</p> : null}
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
  const { globalConfig } = useSession();
  const queryClient = useQueryClient();
  const fields = payloadFields(workflow, type);
  // A payload field is the resource's own (prefilled from the record) or one the workflow declares for the event.
  const defOf = (f: string): FieldDef | undefined => workflow.eventFields?.[f] ?? resource.allFields[f];
  const [values, setValues] = useState<Record<string, RawValue>>(() =>
    Object.fromEntries(fields.filter((f) => defOf(f)).map((f) => [f, workflow.eventFields?.[f] ? emptyRaw(defOf(f)!) : toRaw(defOf(f)!, record[f])])),
  );
  const [reason, setReason] = useState('');
  const [image, setImage] = useState<ImageRef | null>(null);
  const [imageId, setImageId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { ownWrite } = useRecordEditing();
  // An open event dialog holds what the user typed: the page does not replace the record under it.
  useUnsavedEdit('workflow-event', true);
  const images = (record.images as ImageRef[] | null) ?? [];

  const submit = async () => {
    const body: Record<string, unknown> = { type, version: record.version };
    for (const f of fields) {
      if (f === 'reason') body.reason = reason;
      else if (f === 'image') body.image = image;
      else if (f === 'imageId') body.imageId = imageId;
      else if (defOf(f)) {
        const value = fromRaw(defOf(f)!, values[f] ?? emptyRaw(defOf(f)!));
        if (value !== undefined) body[f] = value;
      }
    }
    // The same schema the server checks: messages next to the fields before anything is sent.
    const { version: _version, ...event } = body;
    const checked = workflow.eventSchemas[type]!.safeParse(event);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.map(String).join('.'), issue.message])));
      setMessage(fields.includes('image') && !image ? 'Upload an image first.' : 'Some fields need attention.');
      return;
    }
    setErrors({});
    setBusy(true);
    setMessage(undefined);
    try {
      const id = String(record[resource.idField]);
      await ownWrite(async () => {
        await apiRequest(`${resource.apiPath}/${encodeURIComponent(id)}/transition`, { method: 'POST', body });
        // The record itself (any resource's view of it: a ticket opened from My Tickets too) is read again before the
        // dialog closes, so the next event is offered from the new state and version; lists, related records and the
        // history refetch behind it (waiting for all of them kept the dialog on "Working…" on a busy server).
        await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] === 'one' && query.queryKey[2] === id });
      });
      pushToast(`${humanise(type)}: done`, 'success');
      onClose();
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource.name).all }),
        // A server effect of the event may have written related records too (e.g. a settlement's bookings).
        ...(resource.related ?? []).map((related) => queryClient.invalidateQueries({ queryKey: queryKeys.resource(related.resource).all })),
        queryClient.invalidateQueries({ queryKey: ['audit', resource.name, id] }),
      ]);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.problem.errors?.length) setErrors(Object.fromEntries(error.problem.errors.map((e) => [e.path, e.message])));
      setMessage(errorMessage(error));
    }
  };

  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(isOpen) => (isOpen ? undefined : onClose())} className="ui-modal-overlay">
      <Modal className="ui-modal workflow-modal">
        <Dialog className="ui-dialog workflow-dialog">
          <Heading slot="title" className="ui-dialog__title">{humanise(type)}</Heading>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            {fields.map((f) => {
              if (f === 'reason') return <TextField key={f} label="Reason" value={reason} onChange={setReason} isRequired autoFocus errorMessage={errors.reason} />;
              if (f === 'image')
                return (
                  <label key={f} className="ui-field">
                    <span className="ui-field__label">Image</span>
                    <input
                      type="file"
                      accept="image/png,image/jpeg,image/webp,image/gif"
                      onChange={async (e) => {
                        const file = e.target.files?.[0];
                        if (!file) return;
                        try {
                          // The event adds the file to the record's images: it is that resource's kind of upload.
                          const uploaded = await uploadFile(file, uploadKindFor(resource.name)?.name);
                          setImage({ id: uploaded.id, relativePath: uploaded.relativePath, name: uploaded.name });
                        } catch (err) {
                          setMessage(errorMessage(err));
                        }
                      }}
                    />
                    {image ? <span className="ui-field__description">Uploaded {image.name}</span> : null}
                  </label>
                );
              if (f === 'imageId')
                return (
                  <label key={f} className="ui-field">
                    <span className="ui-field__label">Image to remove</span>
                    <select className="ui-field__input" value={imageId} onChange={(e) => setImageId(e.target.value)}>
                      <option value="">Choose…</option>
                      {images.map((i) => (
                        <option key={i.id} value={i.id}>
                          {i.name}
                        </option>
                      ))}
                    </select>
                  </label>
                );
              const def: FieldDef | undefined = defOf(f);
              if (!def) return null;
              return (
                <FieldInput
                  key={f}
                  path={f}
                  def={def}
                  value={values[f] ?? emptyRaw(def)}
                  onChange={(v) => setValues((prev) => ({ ...prev, [f]: v }))}
                  errors={errors}
                  cdnBase={globalConfig?.imageCDNUrl}
                  isRequired={false}
                />
              );
            })}
            {fields.length === 0 ? <p>{humanise(type)} this {resource.title.toLowerCase()}?</p> : null}
            {workflow.confirms?.[type] ? <p className="workflow-dialog__confirm">{workflow.confirms[type]}</p> : null}
            {message ? (
              <p role="alert" className="resource-form__error">
                {message}
              </p>
            ) : null}
            <div className="ui-dialog__actions">
              <Button type="submit" variant={type === 'REJECT' ? 'danger' : 'primary'} isDisabled={busy || (fields.includes('image') && !image)}>
                {busy ? 'Working…' : humanise(type)}
              </Button>
              <Button variant="ghost" onPress={onClose}>
                {/* An event called Cancel would otherwise sit beside a second "Cancel" that does nothing. */}
                {humanise(type) === 'Cancel' ? 'Back' : 'Cancel'}
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
