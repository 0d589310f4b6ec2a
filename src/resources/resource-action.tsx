import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { ResolvedAction, Resource } from '@domain/resource/define-resource';
import { ApiError, apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import type { ApiRecord } from '@data/resource-api';
import { useSession } from '@app/session/session-context';
import { Button } from '@ui/button';
import { pushToast } from '@state/toasts';
import { CellValue } from './cell-value';
import { FieldInput } from './field-input';
import { emptyRaw, fromRaw, type RawValue } from './form-values';
import { GatedAction } from './gated-action';

/** Props of ResourceActionButton. */
export interface ResourceActionButtonProps {
  resource: Resource;
  action: ResolvedAction;
  /** The record a record action applies to (its `fromRecord` fields are sent as they are). */
  record?: ApiRecord;
}

/** True when a record action is offered for the record (its `when` condition holds). */
export function offeredFor(action: ResolvedAction, record: ApiRecord): boolean {
  return !action.when || record[action.when.field] === action.when.equals;
}

/**
 * A declared resource action (define-resource `actions`): a button for users holding its permission that opens a
 * confirm dialog saying what will happen, with the action's fields (errors next to them, checked by the same
 * schema as the server) and Cancel / confirm. The lists and the record are refreshed when it is done.
 */
export function ResourceActionButton({ resource, action, record }: ResourceActionButtonProps) {
  const [open, setOpen] = useState(false);
  if (record && !offeredFor(action, record)) return null;
  return (
    <GatedAction permission={action.permission}>
      <Button variant={action.variant ?? 'secondary'} onPress={() => setOpen(true)}>
        {action.title}
      </Button>
      {open ? <ActionDialog resource={resource} action={action} record={record} onClose={() => setOpen(false)} /> : null}
    </GatedAction>
  );
}

function ActionDialog({ resource, action, record, onClose }: ResourceActionButtonProps & { onClose: () => void }) {
  const { globalConfig } = useSession();
  const queryClient = useQueryClient();
  const given = new Set(record ? (action.fromRecord ?? []) : []);
  const entered = Object.keys(action.fields).filter((f) => !given.has(f));
  const [values, setValues] = useState<Record<string, RawValue>>(() => Object.fromEntries(entered.map((f) => [f, emptyRaw(action.fields[f]!)])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const body: Record<string, unknown> = {};
    for (const f of given) body[f] = record![f];
    for (const f of entered) {
      const value = fromRaw(action.fields[f]!, values[f] ?? emptyRaw(action.fields[f]!));
      if (value !== undefined) body[f] = value;
    }
    const checked = action.bodySchema.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.map(String).join('.'), issue.message])));
      setMessage('Some fields need attention.');
      return;
    }
    setErrors({});
    setMessage(undefined);
    setBusy(true);
    try {
      await apiRequest(action.apiPath, { method: 'POST', body });
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource.name).all });
      if (record) await queryClient.invalidateQueries({ queryKey: ['audit', resource.name, String(record[resource.idField])] });
      pushToast(`${action.title}: done`, 'success');
      onClose();
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.problem.errors?.length) setErrors(Object.fromEntries(error.problem.errors.map((e) => [e.path, e.message])));
      setMessage(errorMessage(error));
    }
  };

  return (
    <ModalOverlay isOpen isDismissable={!busy} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())} className="ui-modal-overlay">
      <Modal className="ui-modal workflow-modal">
        <Dialog role="alertdialog" className="ui-dialog workflow-dialog">
          <Heading slot="title" className="ui-dialog__title">
            {record && action.fromRecord?.length ? (
              <>
                {action.title} <CellValue def={resource.allFields[action.fromRecord[0]!]!} field={action.fromRecord[0]!} record={record} cdnBase={globalConfig?.imageCDNUrl} />?
              </>
            ) : (
              action.title
            )}
          </Heading>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <p className="ui-dialog__body">{action.confirm}</p>
            {entered.map((f) => {
              const def = action.fields[f]!;
              return (
                <FieldInput
                  key={f}
                  path={f}
                  def={def}
                  value={values[f] ?? emptyRaw(def)}
                  onChange={(v) => setValues((prev) => ({ ...prev, [f]: v }))}
                  errors={errors}
                  cdnBase={globalConfig?.imageCDNUrl}
                  isRequired={def.required}
                />
              );
            })}
            {[...given].map((f) => (errors[f] ? <p key={f} role="alert" className="resource-form__error">{errors[f]}</p> : null))}
            {message ? (
              <p role="alert" className="resource-form__error">
                {message}
              </p>
            ) : null}
            <div className="ui-dialog__actions">
              <Button variant="secondary" onPress={onClose} isDisabled={busy}>
                Cancel
              </Button>
              <Button type="submit" variant={action.variant === 'danger' ? 'danger' : 'primary'} isPending={busy}>
                {action.title}
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
