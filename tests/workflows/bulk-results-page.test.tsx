/** @vitest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkRun, BulkRunItem } from '@domain/bulk-runs';
import { BulkResultsPage } from '@workflows/bulk-results/bulk-results-page';
import { fakeSession, renderWith } from '@tests/app/fake-session';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const run: BulkRun = {
  id: 7,
  resource: 'customer-support-tickets',
  action: 'Start work',
  userId: 'u-1',
  userName: 'Aarav Sharma',
  total: 3,
  changed: 1,
  unchanged: 0,
  refused: 2,
  createdAt: '2026-11-28T06:30:00.000Z',
  finishedAt: '2026-11-28T06:30:01.000Z',
};
const items: BulkRunItem[] = [
  { position: 0, recordId: '101', label: 'Charger not starting', result: 'changed', reason: null },
  { position: 1, recordId: '102', label: 'Refund asked', result: 'refused', reason: 'This customer support ticket is Resolved: Start work is not possible now.' },
  { position: 2, recordId: '999', label: null, result: 'refused', reason: 'No ticket you can see has the id 999.' },
];

/** The run's API as the server answers it: the run, and its items filtered by result and text. */
function fakeApi(status = 200) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const u = new URL(url, 'http://console');
      if (status !== 200) return answer(status, { type: 'about:blank', title: 'Not Found', status, detail: 'No bulk run you can see has the id 7.' });
      if (u.pathname.endsWith('/items')) {
        const result = u.searchParams.get('result');
        const q = u.searchParams.get('q')?.toLowerCase();
        const shown = items.filter((i) => (!result || i.result === result) && (!q || (i.label ?? '').toLowerCase().includes(q) || i.recordId.includes(q)));
        return answer(200, { items: shown, count: shown.length, page: 0, size: 1000 });
      }
      return answer(200, run);
    }),
  );
  return urls;
}

describe('Bulk results', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the action, who and when, the counts, and each record linked by its label with its result and reason', async () => {
    fakeApi();
    const { Wrapper } = renderWith(fakeSession([]));
    render(<BulkResultsPage params={{ runId: '7' }} />, { wrapper: Wrapper });
    expect(await screen.findByRole('heading', { name: 'Start work: results' })).toBeInTheDocument();
    expect(screen.getByTestId('bulk-summary')).toHaveTextContent('Aarav Sharma ran it on 28/11/2026, 12:00 pm, on 3 customer support tickets: 1 changed, 0 already so, 2 refused.');
    const table = await screen.findByRole('table', { name: 'Results by record' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: 'Charger not starting' })).toHaveAttribute('href', expect.stringMatching(/\/101$/));
    expect(within(rows[0]!).getByText('Changed')).toHaveClass('pill');
    expect(rows[1]).toHaveTextContent('Refused');
    expect(rows[1]).toHaveTextContent('Resolved: Start work is not possible now.');
    // A record the user could not see keeps no label and no link.
    expect(within(rows[2]!).queryByRole('link')).toBeNull();
    expect(rows[2]).toHaveTextContent('Customer support ticket 999');
  });

  it('filters by result and finds a record by its label', async () => {
    const urls = fakeApi();
    const { Wrapper } = renderWith(fakeSession([]));
    render(<BulkResultsPage params={{ runId: '7' }} />, { wrapper: Wrapper });
    await screen.findByRole('table', { name: 'Results by record' });
    await userEvent.selectOptions(screen.getByLabelText('Result'), 'Refused (2)');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Results by record' })).getAllByRole('row')).toHaveLength(3));
    expect(urls.at(-1)).toContain('result=refused');
    expect(screen.queryByText('Charger not starting')).toBeNull();
    await userEvent.type(screen.getByLabelText('Find a record'), 'refund');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Results by record' })).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Refund asked' })).toBeInTheDocument();
  });

  it('says so when the run cannot be read', async () => {
    fakeApi(404);
    const { Wrapper } = renderWith(fakeSession([]));
    render(<BulkResultsPage params={{ runId: '7' }} />, { wrapper: Wrapper });
    expect(await screen.findByRole('alert')).toHaveTextContent('No bulk run you can see has the id 7.');
  });
});
