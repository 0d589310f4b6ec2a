import { Fragment, useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { FieldDef } from '@domain/resource/field';
import { ApiError, errorMessage } from '@data/api-client';
import { useSession } from '@app/session/session-context';
import { Button } from '@ui/button';
import { FieldInput } from './field-input';
import { emptyRaw, fromRaw, type RawValue } from './form-values';

/**
 * One field of an action: a field definition (typed in a FieldInput, its value converted as the record form
 * converts it), or an input of its own (an event's image upload) whose value is sent as it is.
 */
export type ActionField =
  | { path: string; def: FieldDef; required?: boolean }
  | { path: string; def?: undefined; input: (props: ActionInputProps) => ReactNode };

/** What an action's own input is given. */
export interface ActionInputProps {
  value: unknown;
  onChange: (value: unknown) => void;
  error: string | undefined;
  /** Says something went wrong outside the fields (an upload refused). */
  setMessage: (message: string) => void;
}

/** What an action's schema answers (a zod schema's safeParse). */
type Checked = { success: true; data: unknown } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * The declaration of an action's form: every action of the console (a resource action, a workflow event, the
 * installation draft) is one of these, filled and sent by useActionForm and shown by ActionForm.
 */
export interface ActionSpec {
  fields: readonly ActionField[];
  /** What each field starts from (a FieldDef field's raw value; a default of emptyRaw). */
  initial?: Readonly<Record<string, unknown>>;
  /** Values the body carries as they are (the record's id, an event's type). */
  given?: Readonly<Record<string, unknown>>;
  /** The schema the server checks the body with: its messages stand next to the fields before anything is sent. */
  schema: { safeParse: (value: unknown) => Checked };
  /** The body from the values, when the action words it its own way (default: the given values and each field's). */
  bodyOf?: (values: Readonly<Record<string, unknown>>) => Record<string, unknown>;
  /** The message over a refused body (default "Some fields need attention."). */
  refusedMessage?: (values: Readonly<Record<string, unknown>>) => string;
}

/** A body the schema accepted: as built (sent by most actions) and as the schema parsed it. */
export interface CheckedBody {
  body: Record<string, unknown>;
  parsed: unknown;
}

/** The state of an action's form and its two steps: check what was entered, then send it. */
export interface ActionFormState {
  spec: ActionSpec;
  values: Readonly<Record<string, unknown>>;
  setValue: (path: string, value: unknown) => void;
  setValues: (next: (values: Readonly<Record<string, unknown>>) => Record<string, unknown>) => void;
  /** Messages by field path (the schema's, or the server's problem's). */
  errors: Readonly<Record<string, string>>;
  message: string | undefined;
  setMessage: (message: string | undefined) => void;
  busy: boolean;
  /** Builds the body and checks it with the schema; a refusal puts its messages next to the fields. */
  check: () => CheckedBody | undefined;
  /** Runs `send` (busy meanwhile); a refusal of the server puts its messages next to the fields and stays. */
  run: (send: () => Promise<void>) => Promise<boolean>;
  /** Clears the messages (after a reset). */
  clear: () => void;
}

const valueOf = (field: ActionField, values: Readonly<Record<string, unknown>>): unknown => (field.def ? fromRaw(field.def, (values[field.path] ?? emptyRaw(field.def)) as RawValue) : values[field.path]);

/** Fills and sends an action declared by `spec`. */
export function useActionForm(spec: ActionSpec): ActionFormState {
  const [values, setAll] = useState<Record<string, unknown>>(() => ({
    ...Object.fromEntries(spec.fields.filter((f) => f.def).map((f) => [f.path, emptyRaw(f.def!)])),
    ...spec.initial,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

  const check = (): CheckedBody | undefined => {
    let body: Record<string, unknown>;
    if (spec.bodyOf) body = spec.bodyOf(values);
    else {
      body = { ...spec.given };
      for (const field of spec.fields) {
        const value = valueOf(field, values);
        if (value !== undefined) body[field.path] = value;
      }
    }
    const checked = spec.schema.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.map(String).join('.'), issue.message])));
      setMessage(spec.refusedMessage?.(values) ?? 'Some fields need attention.');
      return undefined;
    }
    setErrors({});
    setMessage(undefined);
    return { body, parsed: checked.data };
  };

  const run = async (send: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setMessage(undefined);
    try {
      await send();
      setBusy(false);
      return true;
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.problem.errors?.length) setErrors(Object.fromEntries(error.problem.errors.map((e) => [e.path, e.message])));
      setMessage(errorMessage(error));
      return false;
    }
  };

  return {
    spec,
    values,
    setValue: (path, value) => setAll((prev) => ({ ...prev, [path]: value })),
    setValues: (next) => setAll((prev) => next(prev)),
    errors,
    message,
    setMessage,
    busy,
    check,
    run,
    clear: () => {
      setErrors({});
      setMessage(undefined);
    },
  };
}

/** Props of ActionForm. */
export interface ActionFormProps {
  form: ActionFormState;
  /** Text of the send button (the action's name). */
  submitLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
  /** Look of the send button; default 'primary'. */
  variant?: 'primary' | 'danger';
  /** What will happen, above the fields. */
  intro?: ReactNode;
  /** A note under the fields (what an event does besides). */
  note?: ReactNode;
  /** Names the fields as a region of a page (an action on a page of its own rather than in a dialog). */
  fieldsLabel?: string;
  /** Buttons between Cancel and the send button (Reset). */
  extraButtons?: ReactNode;
  /** The send button waits for something (an upload). */
  submitDisabled?: boolean;
  className?: string;
}

/**
 * An action's form: what will happen, the fields (messages next to them, and those of paths with no field of their
 * own as alerts), the message of a refusal, then Cancel, any extra buttons and the send button, pending while it
 * sends (every button still until the answer). A Cancel beside an action called Cancel reads Back.
 */
export function ActionForm({ form, submitLabel, onSubmit, onCancel, variant = 'primary', intro, note, fieldsLabel, extraButtons, submitDisabled = false, className }: ActionFormProps) {
  const { globalConfig } = useSession();
  const { spec, values, errors, message, busy } = form;
  const shown = new Set(spec.fields.map((f) => f.path));
  const fields = spec.fields.map((field) =>
    field.def ? (
      <FieldInput
        key={field.path}
        path={field.path}
        def={field.def}
        value={(values[field.path] ?? emptyRaw(field.def)) as RawValue}
        onChange={(v) => form.setValue(field.path, v)}
        errors={errors}
        cdnBase={globalConfig?.imageCDNUrl}
        isRequired={field.required ?? false}
      />
    ) : (
      <Fragment key={field.path}>{field.input({ value: values[field.path], onChange: (v) => form.setValue(field.path, v), error: errors[field.path], setMessage: form.setMessage })}</Fragment>
    ),
  );
  return (
    <form
      className={className}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) onSubmit();
      }}
    >
      {intro}
      {fieldsLabel ? (
        <section className="detail-section" aria-label={fieldsLabel}>
          {fields}
        </section>
      ) : (
        fields
      )}
      {note}
      {Object.entries(errors)
        .filter(([path]) => !shown.has(path) && !shown.has(path.split('.')[0]!))
        .map(([path, text]) => (
          <p key={path} role="alert" className="resource-form__error">
            {text}
          </p>
        ))}
      {message ? (
        <p role="alert" className="resource-form__error">
          {message}
        </p>
      ) : null}
      <div className="ui-dialog__actions">
        <Button variant="secondary" onPress={onCancel} isDisabled={busy}>
          {/* An action called Cancel would otherwise sit beside a second "Cancel" that does nothing. */}
          {submitLabel === 'Cancel' ? 'Back' : 'Cancel'}
        </Button>
        {extraButtons}
        <Button type="submit" variant={variant} isPending={busy} isDisabled={submitDisabled}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Props of ActionDialog. */
export interface ActionDialogProps {
  title: ReactNode;
  /** Closes it (Cancel, Escape, a click outside; none of them while it sends). */
  onClose: () => void;
  busy: boolean;
  /**
   * An action that changes records on the user's word is an alert dialog (the user must answer it); a workflow
   * event's dialog, a step the record's work goes through, is a plain dialog.
   */
  alert?: boolean;
  children: ReactNode;
}

/** The modal every action's form opens in: its title, then the form or the step after it. */
export function ActionDialog({ title, onClose, busy, alert = true, children }: ActionDialogProps) {
  return (
    <ModalOverlay isOpen isDismissable={!busy} isKeyboardDismissDisabled={busy} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())} className="ui-modal-overlay">
      <Modal className="ui-modal workflow-modal">
        <Dialog role={alert ? 'alertdialog' : 'dialog'} className="ui-dialog workflow-dialog">
          <Heading slot="title" className="ui-dialog__title">
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
