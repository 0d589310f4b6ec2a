import { useState, type ReactElement, type ReactNode } from 'react';
import { Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button, type ButtonProps } from './button';
import './ui.css';

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  /** Heading of the dialog, its accessible name. */
  title: ReactNode;
  /** What will happen, in words. */
  children: ReactNode;
  /** Text of the confirm button. */
  confirmLabel: string;
  /** Text of the cancel button; default "Cancel". */
  cancelLabel?: string;
  /** Look of the confirm button; default 'danger'. */
  confirmVariant?: ButtonProps['variant'];
  /** Runs the action; the dialog closes when it settles, and stays open (buttons enabled again) if it throws. */
  onConfirm: () => void | Promise<unknown>;
  /** Focus Cancel when the dialog opens; default true. False for a dialog whose first field takes the focus (autoFocus). */
  autoFocusCancel?: boolean;
  /** The pressable element that opens the dialog (a Button); none when the caller opens it (`isOpen`, from a menu). */
  trigger?: ReactElement;
  /** Open, when the caller opens it without a trigger. */
  isOpen?: boolean;
  /** Called when the dialog closes (or opens), when the caller opens it without a trigger. */
  onOpenChange?: (open: boolean) => void;
}

interface BodyProps extends Omit<ConfirmDialogProps, 'trigger' | 'title'> {
  close: () => void;
}

function ConfirmDialogBody({ children, confirmLabel, cancelLabel = 'Cancel', confirmVariant = 'danger', autoFocusCancel = true, onConfirm, close }: BodyProps) {
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      close();
    } catch {
      // The caller reports the failure (toast); the dialog stays so the user can retry or cancel.
      setPending(false);
    }
  };
  return (
    <>
      <div className="ui-dialog__body">{children}</div>
      <div className="ui-dialog__actions">
        <Button variant="secondary" onPress={close} isDisabled={pending} autoFocus={autoFocusCancel}>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} onPress={() => void confirm()} isPending={pending}>
          {confirmLabel}
        </Button>
      </div>
    </>
  );
}

/** A confirmation dialog (react-aria DialogTrigger + Modal) with Cancel and confirm, for actions that cannot be undone. */
export function ConfirmDialog({ trigger, title, isOpen, onOpenChange, ...body }: ConfirmDialogProps) {
  const modal = (
    <ModalOverlay className="ui-modal-overlay" {...(trigger ? {} : { isOpen, onOpenChange })}>
      <Modal className="ui-modal">
        <Dialog role="alertdialog" className="ui-dialog">
          {({ close }) => (
            <>
              <Heading slot="title" className="ui-dialog__title">
                {title}
              </Heading>
              <ConfirmDialogBody {...body} close={close} />
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
  if (!trigger) return modal;
  return (
    <DialogTrigger>
      {trigger}
      {modal}
    </DialogTrigger>
  );
}

