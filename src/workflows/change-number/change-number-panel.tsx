import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { changeNumberConfirmSchema, changeNumberDoneSchema, changeNumberPaths, changeNumberStartedSchema, changeNumberStartSchema, CHANGE_NUMBER_PERMISSION } from '@domain/change-number';
import { userResource } from '@domain/resources/users/user';
import { hasPermission } from '@domain/permissions';
import { zodIssuesToFieldErrors } from '@domain/problem';
import { ApiError, apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { useSession } from '@app/session/session-context';
import { Button } from '@ui/button';
import { TextField } from '@ui/text-field';
import { pushToast } from '@state/toasts';

type Step = { kind: 'closed' } | { kind: 'number' } | { kind: 'code'; mobileNumber: string; message: string };

/**
 * "Change sign-in number" on a user's page: the new number, then the code sent to it. Confirming changes the number
 * and signs the user out everywhere (their sessions are revoked), so the last step says so before it is pressed.
 */
export function ChangeNumberPanel({ record }: { record: Readonly<Record<string, unknown>> }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  if (!hasPermission(user.permissions, CHANGE_NUMBER_PERMISSION)) return null;
  const userPath = `${userResource.apiPath}/${String(record.id)}`;

  const fail = (error: unknown) => {
    const fieldErrors = error instanceof ApiError && error.problem.errors?.length ? Object.fromEntries(error.problem.errors.map((e) => [e.path, e.message])) : {};
    setErrors(Object.keys(fieldErrors).length > 0 ? fieldErrors : { form: errorMessage(error) });
  };

  const start = async (event: FormEvent) => {
    event.preventDefault();
    const body = changeNumberStartSchema.safeParse({ mobileNumber: number });
    if (!body.success) return setErrors(Object.fromEntries(zodIssuesToFieldErrors(body.error.issues).map((e) => [e.path, e.message])));
    setBusy(true);
    setErrors({});
    try {
      const sent = await apiRequest(changeNumberPaths.start(userPath), { body: body.data, schema: changeNumberStartedSchema });
      setCode('');
      setStep({ kind: 'code', mobileNumber: body.data.mobileNumber, message: sent.message });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'code') return;
    const body = changeNumberConfirmSchema.safeParse({ mobileNumber: step.mobileNumber, otp: code });
    if (!body.success) return setErrors(Object.fromEntries(zodIssuesToFieldErrors(body.error.issues).map((e) => [e.path, e.message])));
    setBusy(true);
    setErrors({});
    try {
      const done = await apiRequest(changeNumberPaths.confirm(userPath), { body: body.data, schema: changeNumberDoneSchema });
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(userResource.name).all });
      await queryClient.invalidateQueries({ queryKey: ['audit', userResource.name, String(record.id)] });
      pushToast(`Sign-in number changed; ${done.sessionsRevoked} session${done.sessionsRevoked === 1 ? '' : 's'} signed out`, 'success');
      setStep({ kind: 'closed' });
      setNumber('');
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="detail-section" aria-label="Sign-in number">
      <h2>Sign-in number</h2>
      {step.kind === 'closed' ? (
        <Button onPress={() => setStep({ kind: 'number' })}>Change sign-in number…</Button>
      ) : step.kind === 'number' ? (
        <form onSubmit={start} aria-label="New sign-in number" noValidate>
          <TextField label="New mobile number" value={number} onChange={setNumber} inputMode="tel" autoFocus errorMessage={errors.mobileNumber} />
          <div className="resource-form__actions">
            <Button type="submit" variant="primary" isDisabled={busy}>
              Send code
            </Button>
            <Button onPress={() => setStep({ kind: 'closed' })}>Cancel</Button>
          </div>
        </form>
      ) : (
        <form onSubmit={confirm} aria-label="Confirm the new number" noValidate>
          <p>{step.message} Confirming signs this user out on every device.</p>
          <TextField label="Code" value={code} onChange={setCode} inputMode="numeric" autoComplete="one-time-code" autoFocus errorMessage={errors.otp} />
          <div className="resource-form__actions">
            <Button type="submit" variant="danger" isDisabled={busy}>
              Change number and sign out
            </Button>
            <Button onPress={() => setStep({ kind: 'number' })}>Back</Button>
          </div>
        </form>
      )}
      {errors.form ? <p role="alert">{errors.form}</p> : null}
    </section>
  );
}
