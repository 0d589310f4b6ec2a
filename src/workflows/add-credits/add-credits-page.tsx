import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { FieldError, Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { Link } from 'wouter';
import { z } from 'zod';
import {
  ADD_CREDITS_MAX_PER_NUMBER_PAISE,
  ADD_CREDITS_MAX_ROWS,
  ADD_CREDITS_REASON_MIN,
  addCreditsAnswerSchema,
  addCreditsHeldAnswerSchema,
  addCreditsPreviewAnswerSchema,
  parsePastedCredits,
  requestRowsOf,
  reviewRowsOf,
  withoutLines,
  type AddCreditsAnswer,
  type AddCreditsHeldAnswer,
  type AddCreditsPreview,
  type PastedCreditLine,
} from '@domain/add-credits';
import { walletResource } from '@domain/resources/wallets/wallet';
import { creditRequestResource } from '@domain/resources/wallets/credit-request';
import { walletLedgerResource } from '@domain/resources/wallets/wallet-ledger';
import { formatInr, rupeesToPaise } from '@domain/format-money';
import { formatIndianMobile } from '@domain/phone';
import { routeFor } from '@domain/resource/define-resource';
import { apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { useIdempotencyKey } from '@data/use-idempotency-key';
import { Button } from '@ui/button';
import { ConfirmDialog } from '@ui/confirm-dialog';
import { RequiredMark } from '@ui/field-label';
import { ResultTable, type ResultColumn } from '@ui/result-table';
import { LoadingIndicator } from '@ui/loading-indicator';
import { TextField } from '@ui/text-field';
import { pushToast } from '@state/toasts';
import { useCan } from '@resources/gated-action';
import { NoAccess } from '@resources/no-access';
import './add-credits.css';

const API = '/user-service/add-credits-to-wallet';
const PERMISSION = 'ROLE_ADD_CREDITS';
const TITLE = 'Add Credits To Wallet';

/** The preview's columns: each pasted line, who it is, and what crediting it would do or why it cannot. */
const reviewColumns: readonly ResultColumn<ReturnType<typeof reviewRowsOf>[number]>[] = [
  { id: 'line', header: 'Line', render: (r) => r.line },
  { id: 'number', header: 'Number', render: (r) => (r.result?.mobileNumber ? formatIndianMobile(r.result.mobileNumber) : r.typed || '-') },
  { id: 'user', header: 'User', render: (r) => (r.result?.userId ? (r.result.name ?? 'No name') : '-') },
  { id: 'balance', header: 'Balance now', render: (r) => (r.result?.balance === null || r.result?.balance === undefined ? '-' : formatInr(r.result.balance)) },
  { id: 'amount', header: 'Amount', render: (r) => (r.problems.some((p) => p.field === 'amount') && !r.result?.amount ? '-' : formatInr(r.result?.amount)) },
  {
    id: 'result',
    header: 'Result',
    render: (r) =>
      r.problems.length === 0 ? (
        'Ready'
      ) : (
        <ul className="add-credits__errors">
          {r.problems.map((p) => (
            <li key={`${p.field}:${p.message}`}>{p.message}</li>
          ))}
        </ul>
      ),
  },
];

/** The wallets a done credit reached, each linking to its wallet. */
const creditedColumns: readonly ResultColumn<AddCreditsAnswer['wallets'][number]>[] = [
  { id: 'number', header: 'Number', render: (w) => formatIndianMobile(w.mobileNumber) },
  { id: 'user', header: 'User', render: (w) => <Link href={walletHref(w.walletId)}>{w.name ?? formatIndianMobile(w.mobileNumber)}</Link> },
  { id: 'added', header: 'Added', render: (w) => formatInr(w.amount) },
  { id: 'balance', header: 'Balance now', render: (w) => formatInr(w.balance) },
];

/** Add Credits To Wallet (/wallet-management/add-credits-to-wallet): paste numbers, preview who they are, then credit them all. */
export function AddCreditsPage() {
  const allowed = useCan(PERMISSION);
  if (!allowed) return <NoAccess permission={PERMISSION} title={TITLE} />;
  return <AddCredits />;
}

interface Previewed {
  lines: PastedCreditLine[];
  preview: AddCreditsPreview;
  message: string;
}

const walletHref = (walletId: string) => routeFor(walletResource.detailPath, walletId);
/** A commit credits at once (201) or, above the approval limit, is held as a credit request (202). */
const commitAnswerSchema = z.union([addCreditsAnswerSchema, addCreditsHeldAnswerSchema]);
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

function AddCredits() {
  const queryClient = useQueryClient();
  const [numbers, setNumbers] = useState('');
  const [amountText, setAmountText] = useState('');
  const [message, setMessage] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ numbers?: string; amount?: string; message?: string }>({});
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<AddCreditsAnswer | AddCreditsHeldAnswer | null>(null);
  const commitBody = previewed ? { rows: requestRowsOf(previewed.lines), message: previewed.message } : null;
  const idempotencyKey = useIdempotencyKey(commitBody);

  // Any change to what was previewed asks for a new preview (what is committed is exactly what was shown).
  const edit = (apply: () => void) => {
    apply();
    setPreviewed(null);
    setError(undefined);
  };

  // The form's own checks (aria validation, not the browser's bubbles), so every message is in the console's words.
  const preview = async (text = numbers) => {
    const errors: typeof fieldErrors = {};
    const defaultAmount = amountText.trim() === '' ? undefined : rupeesToPaise(amountText.replace(/,/g, ''));
    if (amountText.trim() !== '' && (defaultAmount === undefined || !/^\d+(\.\d{1,2})?$/.test(amountText.replace(/,/g, '').trim()))) errors.amount = 'Enter the amount in rupees, e.g. 500 or 250.50';
    if (message.trim().length < ADD_CREDITS_REASON_MIN) errors.message = `Give a reason of at least ${ADD_CREDITS_REASON_MIN} characters`;
    const lines = parsePastedCredits(text, errors.amount ? undefined : defaultAmount);
    if (lines.length === 0) errors.numbers = 'Paste at least one mobile number';
    else if (lines.length > ADD_CREDITS_MAX_ROWS) errors.numbers = `At most ${ADD_CREDITS_MAX_ROWS.toLocaleString('en-IN')} numbers at once (this list has ${lines.length.toLocaleString('en-IN')}): split it`;
    setFieldErrors(errors);
    setPreviewed(null);
    setError(undefined);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      const answer = await apiRequest(`${API}/preview`, { method: 'POST', body: { rows: requestRowsOf(lines), message: message.trim() }, schema: addCreditsPreviewAnswerSchema });
      setPreviewed({ lines, preview: answer, message: message.trim() });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const review = useMemo(() => (previewed ? reviewRowsOf(previewed.lines, previewed.preview) : []), [previewed]);
  const bad = review.filter((r) => r.problems.length > 0);
  const good = review.filter((r) => r.problems.length === 0 && r.result);
  const total = good.reduce((sum, r) => sum + r.result!.amount, 0);
  const needsApproval = previewed ? total > previewed.preview.approvalAbove : false;
  const confirmText = needsApproval ? `Ask approval for ${formatInr(total)} to ${plural(good.length, 'wallet', 'wallets')}` : `Add ${formatInr(total)} to ${plural(good.length, 'wallet', 'wallets')}`;

  const leaveOut = () => {
    const text = withoutLines(numbers, new Set(bad.map((r) => r.line)));
    setNumbers(text);
    void preview(text);
  };

  const commit = async () => {
    if (!commitBody) return;
    setError(undefined);
    try {
      const answer = await apiRequest(API, { method: 'POST', body: commitBody, headers: { 'Idempotency-Key': idempotencyKey }, schema: commitAnswerSchema });
      await Promise.all([walletResource.name, walletLedgerResource.name, creditRequestResource.name].map((name) => queryClient.invalidateQueries({ queryKey: queryKeys.resource(name).all })));
      pushToast('creditRequestId' in answer ? `${formatInr(answer.total)} awaits another staff member’s approval` : `Added ${formatInr(answer.total)} to ${plural(answer.count, 'wallet', 'wallets')}`, 'success');
      setDone(answer);
    } catch (e) {
      setError(errorMessage(e));
      throw e;
    }
  };

  const startOver = () => {
    setDone(null);
    setPreviewed(null);
    setNumbers('');
    setAmountText('');
    setMessage('');
  };

  if (done) return 'creditRequestId' in done ? <Held answer={done} onAgain={startOver} /> : <Result answer={done} onAgain={startOver} />;

  return (
    <section className="page resource-page add-credits" aria-labelledby="add-credits-title">
      <header className="resource-page__header">
        <h1 id="add-credits-title">{TITLE}</h1>
      </header>
      <form
        className="resource-form"
        onSubmit={(e) => {
          e.preventDefault();
          void preview();
        }}
      >
        <fieldset className="resource-form__section">
          <legend>Who gets credits</legend>
          <AriaTextField className="ui-field" value={numbers} onChange={(v) => edit(() => setNumbers(v))} isRequired isInvalid={Boolean(fieldErrors.numbers)} name="numbers" validationBehavior="aria">
            <Label className="ui-field__label">
              Mobile numbers
              <RequiredMark />
            </Label>
            <TextArea className="ui-field__input ui-field__textarea add-credits__numbers" rows={8} placeholder={'98765 43210\n+91 87654 32109, 250\n0 7654321098'} />
            <Text slot="description" className="ui-field__description">
              One number per line, or a number and its own amount in rupees (<code>98765 43210, 250</code>). Any common form: 98xxxxxxxx, +91 98xxx xxxxx, 0 98…. At most{' '}
              {ADD_CREDITS_MAX_ROWS.toLocaleString('en-IN')} numbers and {formatInr(ADD_CREDITS_MAX_PER_NUMBER_PAISE)} per number; each number once.
            </Text>
            <FieldError className="ui-field__error">{fieldErrors.numbers}</FieldError>
          </AriaTextField>
          <TextField
            label="Amount (₹)"
            value={amountText}
            onChange={(v) => edit(() => setAmountText(v))}
            inputMode="decimal"
            validationBehavior="aria"
            description="For every line without its own amount."
            errorMessage={fieldErrors.amount}
          />
          <TextField
            label="Reason"
            value={message}
            onChange={(v) => edit(() => setMessage(v))}
            isRequired
            validationBehavior="aria"
            maxLength={200}
            description="Shown in each wallet’s history as the note of the credit."
            errorMessage={fieldErrors.message}
          />
        </fieldset>
        <div className="resource-form__actions">
          <Button type="submit" variant={previewed ? 'secondary' : 'primary'} isDisabled={busy}>
            Preview
          </Button>
          <Link href={walletResource.views[0]!.path} className="ui-button ui-button--ghost ui-button--md">
            Wallets
          </Link>
        </div>
      </form>
      {busy ? <LoadingIndicator label="Checking the numbers" /> : null}
      {error ? (
        <p className="resource-form__error" role="alert">
          {error}
        </p>
      ) : null}
      {previewed ? (
        <section className="detail-section" aria-label="Preview">
          <h2>Preview</h2>
          <p role="status" aria-live="polite">
            {plural(review.length, 'row', 'rows')}: {plural(good.length, 'wallet', 'wallets')} to credit ({formatInr(total)})
            {bad.length > 0 ? `, ${plural(bad.length, 'row', 'rows')} with problems.` : '.'}
          </p>
          <div className="add-credits__table">
            <ResultTable columns={reviewColumns} rows={review} rowKey={(r) => r.line} rowClassName={(r) => (r.problems.length > 0 ? 'add-credits__bad' : undefined)} />
          </div>
          <div className="resource-form__actions">
            {bad.length > 0 ? (
              <>
                <span className="ui-field__description">Nothing is credited while rows have problems: correct them in the list and preview again, or</span>
                <Button variant="secondary" onPress={leaveOut} isDisabled={busy}>
                  {`Leave out ${plural(bad.length, 'row', 'rows')} with problems`}
                </Button>
              </>
            ) : (
              <ConfirmDialog
                title="Add credits"
                confirmLabel={confirmText}
                confirmVariant="primary"
                onConfirm={commit}
                trigger={<Button variant="primary">{confirmText}</Button>}
              >
                <p>
                  {confirmText}, {formatInr(total / Math.max(1, good.length))} each on average. Each wallet’s history shows “{previewed.message}”.
                </p>
                {needsApproval ? (
                  <p>
                    The total is above {formatInr(previewed.preview.approvalAbove)}: nothing is credited until another staff member approves the request under Credit Requests.
                  </p>
                ) : (
                  <p>Credits cannot be taken back here: a mistake is mended by another posting.</p>
                )}
              </ConfirmDialog>
            )}
          </div>
        </section>
      ) : null}
    </section>
  );
}

/** The page once a batch is sent: its title, "Add more credits", and what became of the batch. */
function Sent({ onAgain, children }: { onAgain: () => void; children: ReactNode }) {
  return (
    <section className="page resource-page add-credits" aria-labelledby="add-credits-title">
      <header className="resource-page__header">
        <h1 id="add-credits-title">{TITLE}</h1>
        <div className="resource-page__actions">
          <Button variant="primary" onPress={onAgain}>
            Add more credits
          </Button>
        </div>
      </header>
      {children}
    </section>
  );
}

function Held({ answer, onAgain }: { answer: AddCreditsHeldAnswer; onAgain: () => void }) {
  return (
    <Sent onAgain={onAgain}>
      <p role="status">
        Nothing is credited yet: {formatInr(answer.total)} to {plural(answer.count, 'wallet', 'wallets')} is above {formatInr(answer.approvalAbove)} and awaits another staff
        member’s approval.
      </p>
      <p>
        <Link href={routeFor(creditRequestResource.detailPath, String(answer.creditRequestId))}>Credit request {answer.creditRequestId}</Link>
      </p>
    </Sent>
  );
}

function Result({ answer, onAgain }: { answer: AddCreditsAnswer; onAgain: () => void }) {
  return (
    <Sent onAgain={onAgain}>
      <p role="status">
        Added {formatInr(answer.total)} to {plural(answer.count, 'wallet', 'wallets')}.
      </p>
      <section className="detail-section" aria-label="Wallets credited">
        <h2>Wallets credited</h2>
        <div className="add-credits__table">
          <ResultTable columns={creditedColumns} rows={answer.wallets} rowKey={(w) => w.walletId} />
        </div>
      </section>
    </Sent>
  );
}
