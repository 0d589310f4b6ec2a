import { describe, expect, it } from 'vitest';
import { createCommands, shellActions } from '@commands/action-commands';
import { availableCommands } from '@commands/command';
import { menuCommands } from '@commands/menu-commands';
import { localCommands } from '@commands/palette-sources';
import { contextCommands, recordAt } from '@commands/record-commands';
import { ticketRecordActions } from '@commands/ticket-commands';
import { fakeContext } from './fake-context';

const titles = (list: { title: string }[]) => list.map((c) => c.title);

describe('permission filtering', () => {
  it('shows a menu entry only to a user holding its permission', () => {
    const without = localCommands(fakeContext(), null, {});
    const withIt = localCommands(fakeContext({ permissions: new Set(['ROLE_VIEW_SETTLEMENT']) }), null, {});
    expect(titles(without)).not.toContain('Settlement');
    expect(titles(withIt)).toContain('Settlement');
    // Entries without a permission are everyone's.
    expect(titles(without)).toContain('RFID History');
  });

  it('reaches the lists that have no side-menu entry (Wallet ledger, Referral Codes), each with its own permission', () => {
    const finance = localCommands(fakeContext({ permissions: new Set(['ROLE_VIEW_WALLET_LEDGER']) }), null, {});
    const ledger = finance.find((c) => c.title === 'Wallet ledger');
    expect(ledger).toMatchObject({ group: 'Other lists', href: '/wallet-management/wallet-ledger' });
    expect(titles(finance)).not.toContain('Referral Codes');
    const support = localCommands(fakeContext({ permissions: new Set(['ROLE_VIEW_REFERRAL_CODES']) }), null, {});
    expect(support.find((c) => c.title === 'Referral Codes')).toMatchObject({ href: '/user-management/referral-codes' });
    // A list the menu has is offered once, as its menu entry.
    const all = localCommands(fakeContext({ permissions: new Set(['ROLE_VIEW_SETTLEMENT']) }), null, {});
    expect(all.filter((c) => c.href === '/finance-management/settlement-history')).toHaveLength(1);
  });

  it('offers "create X" only with the create permission of a resource with an add form', () => {
    const all = createCommands();
    expect(all.length).toBeGreaterThan(5);
    const permission = all[0]!.permission!;
    expect(availableCommands(all, fakeContext())).toEqual([]);
    expect(titles(availableCommands(all, fakeContext({ permissions: new Set([permission]) })))).toContain(all[0]!.title);
  });

  it('gives every menu command its entry permission and path', () => {
    const settlement = menuCommands().find((c) => c.id === 'page:finance-management.settlement')!;
    expect(settlement).toMatchObject({ permission: 'ROLE_VIEW_SETTLEMENT', href: '/finance-management/settlement-history', group: 'Finance Management' });
    expect(settlement.keywords).toContain('refund');
  });

  it('offers pin or unpin and collapse or expand as the state says, and runs them through the context', () => {
    const ctx = fakeContext({ location: '/finance-management/payouts', pageTitle: 'Payouts' });
    const shown = availableCommands(shellActions, ctx);
    expect(titles(shown)).toEqual(expect.arrayContaining(['Pin this page', 'Collapse the menu', "Copy this page's link", 'Sign out', 'Keyboard shortcuts']));
    expect(titles(shown)).not.toContain('Unpin this page');
    shown.find((c) => c.id === 'action:pin-page')!.run(ctx);
    expect(ctx.pin).toHaveBeenCalledWith({ id: 'url:/finance-management/payouts', title: 'Payouts', redirect: '/finance-management/payouts' });
    shown.find((c) => c.id === 'action:copy-link')!.run(ctx);
    expect(ctx.copyText).toHaveBeenCalledWith('https://ops.test/finance-management/payouts');
    const pinned = fakeContext({ location: '/x', pins: [{ id: 'x', title: 'X', redirect: '/x' }], menuCollapsed: true });
    expect(titles(availableCommands(shellActions, pinned))).toEqual(expect.arrayContaining(['Unpin this page', 'Expand the menu']));
  });

  it("offers a charger's bookings on its detail page only to users who may view bookings", () => {
    const location = '/charger-management/all-chargers/42';
    expect(recordAt(location)?.resource.name).toBe('chargers');
    expect(titles(contextCommands(fakeContext({ location })))).not.toContain('Open its bookings');
    const ctx = fakeContext({ location, permissions: new Set(['ROLE_VIEW_ALL_BOOKINGS']) });
    const bookings = contextCommands(ctx).find((c) => c.title === 'Open its bookings')!;
    bookings.run(ctx);
    expect(ctx.navigate).toHaveBeenCalledWith('/booking-management/all-bookings/bookings?chargerId=42');
  });

  it('offers ticket actions on a ticket only when permitted', () => {
    const location = '/ticket-management/demo-tickets/7';
    expect(titles(contextCommands(fakeContext({ location }), ticketRecordActions))).not.toContain('Assign this ticket');
    const ctx = fakeContext({ location, permissions: new Set(['ROLE_ASSIGN_TICKET']) });
    expect(titles(contextCommands(ctx, ticketRecordActions))).toContain('Assign this ticket');
    expect(titles(contextCommands(ctx, ticketRecordActions))).not.toContain('Close this ticket');
    const assign = contextCommands(ctx, ticketRecordActions).find((c) => c.title === 'Assign this ticket')!;
    assign.run(ctx);
    expect(ctx.navigate).toHaveBeenCalledWith('/ticket-management/demo-tickets/7#ticket-action-assign');
  });

  it('knows a record opened below its list, and never takes a list page for a record', () => {
    expect(recordAt('/ticket-management/customer-support-tickets/all-tickets/622')).toMatchObject({ id: '622' });
    expect(recordAt('/ticket-management/customer-support-tickets/all-tickets/622')?.resource.name).toBe('customer-support-tickets');
    expect(recordAt('/ticket-management/customer-support-tickets/all-tickets')).toBeUndefined();
    expect(recordAt('/ticket-management/demo-tickets/open')).toBeUndefined();
    expect(recordAt('/charger-management/create')).toBeUndefined();
    expect(recordAt('/finance-management/settlement-history/upload')).toBeUndefined();
  });
});
