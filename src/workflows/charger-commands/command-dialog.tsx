import type { ReactNode } from 'react';
import { ocppPaths, sendCommandAnswerSchema, type OcppCommand, type OcppCommandView } from '@domain/ocpp';
import { commandAnswerText } from '@domain/ocpp-batches';
import { apiRequest } from '@data/api-client';
import { ActionDialog, ActionForm, useActionForm } from '@resources/action-form';
import { pushToast } from '@state/toasts';
import { commandSpec, type CommandContext, type CommandForm } from './command-forms';

/** Why the console itself did not send a command (said in the form as it is: the server was not asked). */
export class CommandRefusal extends Error {}

/** Props of CommandDialog. */
export interface CommandDialogProps {
  form: CommandForm;
  ctx: CommandContext;
  /** Whom it goes to, in words ("CZO-123", "2 chargers"). */
  target: string;
  /** Sends the command the form built; throws (a problem) to keep the dialog open with its words. */
  send: (command: OcppCommand) => Promise<void>;
  onClose: () => void;
  /** Said above the fields besides what the command does (how many of a selection it reaches). */
  note?: ReactNode;
}

/**
 * A command's form in the one action dialog: what it does, its fields (errors next to them, checked by the schema
 * the server checks it with), what it disrupts when it does (its send button then reads as a danger), then Cancel
 * and the command's own button.
 */
export function CommandDialog({ form: def, ctx, target, send, onClose, note }: CommandDialogProps) {
  const form = useActionForm(commandSpec(def, ctx));
  const warning = def.confirm(form.values);
  const submit = async () => {
    const checked = form.check();
    if (!checked) return;
    let refusal: string | undefined;
    const sent = await form.run(async () => {
      try {
        await send(checked.parsed as OcppCommand);
      } catch (error) {
        if (error instanceof CommandRefusal) refusal = error.message;
        throw error;
      }
    });
    if (sent) onClose();
    else if (refusal) form.setMessage(refusal);
  };
  const name = def.label.replace(/…$/, '');
  return (
    <ActionDialog title={`${name}: ${target}`} onClose={onClose} busy={form.busy}>
      <ActionForm
        form={form}
        className="command-form"
        intro={
          <div className="ui-dialog__body">
            <p>{def.intro(ctx)}</p>
            {note}
          </div>
        }
        note={warning ? <p className="command-form__warning">{warning}</p> : null}
        submitLabel={name}
        variant={warning ? 'danger' : 'primary'}
        onSubmit={() => void submit()}
        onCancel={onClose}
      />
    </ActionDialog>
  );
}

/** Sends a command to one charger and waits for its answer; the toast says it in words. Answers the record. */
export async function sendToCharger(chargerId: number, command: OcppCommand, name: string): Promise<OcppCommandView | undefined> {
  const answer = await apiRequest(ocppPaths.command, { body: { chargerIds: [chargerId], command, wait: true }, schema: sendCommandAnswerSchema });
  const item = answer.items[0];
  pushToast(`${name}: ${item ? commandAnswerText(item) : 'no answer'}`, item?.status === 'accepted' ? 'success' : 'error');
  return item;
}
