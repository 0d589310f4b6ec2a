import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Form, Input, Label, Text, TextField } from 'react-aria-components';
import type { ActorRefFrom } from 'xstate';
import { PRODUCT_NAME } from '@domain/constants';
import { blockNonDigitKeys } from '@domain/digit-filter';
import { formatIndianMobile } from '@domain/phone';
import { Button } from '@ui/button';
import type { SessionLogic } from './session-logic';

/** Props of LoginPage. */
export interface LoginPageProps {
  /** The running session machine; the page shows its state and sends it the user's events. */
  actor: ActorRefFrom<SessionLogic>;
}

type Actor = LoginPageProps['actor'];

function valueOf(event: FormEvent<HTMLFormElement>, name: string): string {
  const value = new FormData(event.currentTarget).get(name);
  return typeof value === 'string' ? value : '';
}

/** The server's or the form's message next to a field; read out at once (role="alert"). */
function FieldAlert({ message, rateLimited }: { message: string | null; rateLimited: boolean }) {
  if (!message) return null;
  return (
    <Text slot="errorMessage" role="alert" className={rateLimited ? 'login__error login__error--rate-limited' : 'login__error'}>
      {rateLimited ? <strong className="login__error-title">Too many requests. </strong> : null}
      {message}
    </Text>
  );
}

function NumberStep({ actor }: { actor: Actor }) {
  const sending = useSelector(actor, (s) => s.matches({ signedOut: 'sendingCode' }));
  const mobileNumber = useSelector(actor, (s) => s.context.mobileNumber);
  const error = useSelector(actor, (s) => s.context.error);
  const rateLimited = useSelector(actor, (s) => s.context.rateLimited);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SEND_CODE', mobileNumber: valueOf(event, 'mobileNumber') });
  };

  return (
    <Form className="login__form" onSubmit={submit} validationBehavior="aria" aria-label="Send a sign-in code">
      <TextField
        name="mobileNumber"
        className="ui-field"
        defaultValue={mobileNumber}
        isInvalid={Boolean(error)}
        onKeyDown={blockNonDigitKeys}
        inputMode="numeric"
        autoComplete="tel-national"
        // The page exists to take this one entry: focus it so the keyboard can start at once.
        autoFocus
      >
        <Label className="ui-field__label">Mobile number</Label>
        <Input className="ui-field__input" placeholder="98765 43210" />
        <Text slot="description" className="ui-field__description">
          We text a one-time code to this number.
        </Text>
        <FieldAlert message={error} rateLimited={rateLimited} />
      </TextField>
      <Button type="submit" variant="primary" isPending={sending}>
        {sending ? 'Sending code…' : 'Send code'}
      </Button>
    </Form>
  );
}

function CodeStep({ actor }: { actor: Actor }) {
  const mobileNumber = useSelector(actor, (s) => s.context.mobileNumber);
  const error = useSelector(actor, (s) => s.context.error);
  const rateLimited = useSelector(actor, (s) => s.context.rateLimited);
  const resendIn = useSelector(actor, (s) => s.context.resendIn);
  const verifying = useSelector(actor, (s) => s.matches({ signedOut: 'verifying' }));
  const resending = useSelector(actor, (s) => s.matches({ signedOut: 'resendingCode' }));
  const canResend = useSelector(actor, (s) => s.can({ type: 'RESEND' }));
  const canEdit = useSelector(actor, (s) => s.can({ type: 'EDIT_NUMBER' }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'VERIFY', otp: valueOf(event, 'otp') });
  };

  return (
    <Form className="login__form" onSubmit={submit} validationBehavior="aria" aria-label="Enter the sign-in code">
      <p className="login__sent-to">
        Code sent to <strong>{formatIndianMobile(mobileNumber)}</strong>
      </p>
      <TextField
        name="otp"
        className="ui-field"
        isInvalid={Boolean(error)}
        onKeyDown={blockNonDigitKeys}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
      >
        <Label className="ui-field__label">One-time code</Label>
        <Input className="ui-field__input login__code-input" placeholder="6 digits" />
        <FieldAlert message={error} rateLimited={rateLimited} />
      </TextField>
      <Button type="submit" variant="primary" isPending={verifying}>
        {verifying ? 'Verifying…' : 'Verify'}
      </Button>
      <div className="login__secondary">
        <Button variant="ghost" size="sm" isDisabled={!canResend} isPending={resending} onPress={() => actor.send({ type: 'RESEND' })}>
          Resend code
        </Button>
        {resendIn > 0 ? (
          <span className="login__countdown" aria-live="off">
            Resend in {resendIn} s
          </span>
        ) : null}
        <Button variant="ghost" size="sm" isDisabled={!canEdit} onPress={() => actor.send({ type: 'EDIT_NUMBER' })}>
          Change number
        </Button>
      </div>
    </Form>
  );
}

/** The staff sign-in page: mobile number, then the one-time code; every step is the session machine's state. */
export function LoginPage({ actor }: LoginPageProps) {
  const numberStep = useSelector(actor, (s) => s.matches({ signedOut: 'enteringNumber' }) || s.matches({ signedOut: 'sendingCode' }));
  return (
    <main className="login">
      <div className="login__card">
        <h1 className="login__title">{PRODUCT_NAME}</h1>
        <p className="login__subtitle">Staff sign-in</p>
        {numberStep ? <NumberStep actor={actor} /> : <CodeStep actor={actor} />}
      </div>
    </main>
  );
}
