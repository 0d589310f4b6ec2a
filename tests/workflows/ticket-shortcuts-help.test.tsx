/** @vitest-environment jsdom */
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '@domain/resource/registry';
import { pageShortcuts } from '@app/keyboard/page-shortcuts';
import { TicketPropertiesScope } from '@workflows/ticket-actions/ticket-properties';
import { fakeSession, renderWith } from '../app/fake-session';

vi.mock('@state/storage', () => import('../app/mock-storage'));

const resource = resourceByName('customer-support-tickets');

function renderScope(permissions: string[]) {
  const { Wrapper } = renderWith(fakeSession(permissions), '/');
  return render(
    <TicketPropertiesScope resource={resource} record={{ id: 7, version: 1 }}>
      <p>ticket</p>
    </TicketPropertiesScope>,
    { wrapper: Wrapper },
  );
}

const ticketLetters = () => pageShortcuts.groups.filter((g) => g.title === 'This ticket').flatMap((g) => g.shortcuts.flatMap((s) => s.keys));

afterEach(() => pageShortcuts.groups.splice(0));

describe("the ticket page's letters in the shortcut help", () => {
  it('lists every letter for a user who may take every action', () => {
    renderScope(['ROLE_ASSIGN_TICKET', 'ROLE_UPDATE_TICKET_PRIORITY', 'ROLE_UPDATE_TICKET_DUE_DATE', 'ROLE_UPDATE_TICKET_TAGS', 'ROLE_CLOSE_TICKET']);
    expect(ticketLetters()).toEqual(['A', 'P', 'D', 'T', 'C']);
  });

  it('lists only the letters of the actions the user may take', () => {
    renderScope(['ROLE_ASSIGN_TICKET', 'ROLE_CLOSE_TICKET']);
    expect(ticketLetters()).toEqual(['A', 'C']);
  });

  it('lists no ticket group at all for a user who may take none', () => {
    const { unmount } = renderScope(['ROLE_VIEW_ADS']);
    expect(pageShortcuts.groups.some((g) => g.title === 'This ticket')).toBe(false);
    unmount();
  });

  it('takes its letters out of the help when the ticket page goes', () => {
    const { unmount } = renderScope(['ROLE_ASSIGN_TICKET']);
    expect(ticketLetters()).toEqual(['A']);
    unmount();
    expect(ticketLetters()).toEqual([]);
  });
});
