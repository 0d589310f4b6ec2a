// The pasted list of Add credits to wallet: lines read into numbers and amounts (rupees to paise, the list's amount
// for lines without one, unreadable amounts named), the preview's rows paired with the lines, and leaving out lines.
import { describe, expect, it } from 'vitest';
import { ADD_CREDITS_MAX_PER_NUMBER_PAISE, addCreditsMessages, addCreditsSchema, amountProblem, parsePastedCredits, reviewRowsOf, withoutLines, type AddCreditsPreview } from '@domain/add-credits';

describe('parsePastedCredits', () => {
  it('reads one number per line, or number and amount in rupees, skipping blank lines', () => {
    const text = '98765 43210\n\n+91 87654 32109, 250.5\n0 7654321098\t₹1,200\n  6543210987 ; Rs. 99  \n';
    expect(parsePastedCredits(text, 50_000)).toEqual([
      { line: 1, mobileNumber: '98765 43210', amount: 50_000 },
      { line: 3, mobileNumber: '+91 87654 32109', amount: 25_050 },
      { line: 4, mobileNumber: '0 7654321098', amount: 120_000 },
      { line: 5, mobileNumber: '6543210987', amount: 9_900 },
    ]);
  });

  it('names a line without an amount when the list has none, an unreadable amount, and a third column', () => {
    const lines = parsePastedCredits('9876543210\n9876543211, abc\n9876543212, 1.234\n9876543213, 5, 6', undefined);
    expect(lines.map((l) => [l.line, l.amount, l.amountError])).toEqual([
      [1, null, 'Enter an amount for the list or on this line'],
      [2, null, 'Not an amount in rupees (at most 2 decimals)'],
      [3, null, 'Not an amount in rupees (at most 2 decimals)'],
      [4, null, 'Not an amount in rupees (at most 2 decimals)'],
    ]);
  });

  it('keeps a negative amount for the server to refuse', () => {
    expect(parsePastedCredits('9876543210, -5', undefined)[0]!.amount).toBe(-500);
  });
});

describe('amount and row checks', () => {
  it.each([
    [100, undefined],
    [ADD_CREDITS_MAX_PER_NUMBER_PAISE, undefined],
    [ADD_CREDITS_MAX_PER_NUMBER_PAISE + 1, addCreditsMessages.amountOverLimit],
    [0, addCreditsMessages.amountNotPositive],
    [-100, addCreditsMessages.amountNotPositive],
    [10.5, addCreditsMessages.amountNotWhole],
  ])('amount %s → %s', (amount, message) => expect(amountProblem(amount)).toBe(message));

  it('normalises numbers in the commit body and names the row of a bad one', () => {
    const parsed = addCreditsSchema.safeParse({ rows: [{ mobileNumber: '+91 98765 43210', amount: 100 }, { mobileNumber: '12345', amount: 100 }], message: 'Goodwill' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toEqual(['rows.1.mobileNumber']);
    expect(addCreditsSchema.parse({ rows: [{ mobileNumber: '+91 98765 43210', amount: 100 }], message: ' Goodwill ' })).toEqual({ rows: [{ mobileNumber: '9876543210', amount: 100 }], message: 'Goodwill' });
  });
});

describe('reviewRowsOf and withoutLines', () => {
  it('pairs lines with preview rows, a line’s own amount problem first in place of the server’s', () => {
    const lines = parsePastedCredits('9876543210\n12, x', 100);
    const preview: AddCreditsPreview = {
      ok: false,
      errorCount: 1,
      count: 1,
      total: 100,
      approvalAbove: 500_000,
      needsApproval: false,
      rows: [
        { mobileNumber: '9876543210', userId: 'u1', name: 'Asha', walletId: 'w1', balance: 500, amount: 100, errors: [] },
        { mobileNumber: null, userId: null, name: null, walletId: null, balance: null, amount: 0, errors: [{ field: 'mobileNumber', message: 'bad number' }, { field: 'amount', message: 'server amount' }] },
      ],
    };
    const rows = reviewRowsOf(lines, preview);
    expect(rows[0]).toMatchObject({ line: 1, problems: [] });
    expect(rows[1]!.problems).toEqual([{ field: 'mobileNumber', message: 'bad number' }, { field: 'amount', message: 'Not an amount in rupees (at most 2 decimals)' }]);
  });

  it('leaves out the given lines of the pasted text', () => {
    expect(withoutLines('a\nb\n\nc', new Set([2, 3]))).toBe('a\nc');
  });
});
