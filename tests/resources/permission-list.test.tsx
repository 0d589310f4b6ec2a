/** @vitest-environment jsdom */
// A role's page shows its permissions by their labels, each code in small secondary text, in the main column with a
// filter that finds a permission by its label or its code; a list cell reads the labels.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resourceExtensions } from '@app/resource-extensions';
import { roleResource } from '@domain/resources/access/role';
import { CellValue, formatFieldText } from '@resources/cell-value';
import { DetailPage } from '@resources/detail-page';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const role = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  name: 'Customer Support',
  description: 'Helps drivers and hosts.',
  permissions: ['ROLE_VIEW_USERS', 'ROLE_CANCEL_BOOKING', 'ROLE_UPDATE_QR_CODE', 'ROLE_VIEW_ALL_CZO_USERS'],
  isActive: true,
  version: 1,
  createdAt: '2026-03-01T09:59:00Z',
  updatedAt: '2026-03-01T09:59:00Z',
};

function answer(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('a role’s permissions', () => {
  it('shows each by its label with its code in small text, and filters by label or code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('/audit/entity/')) return answer({ items: [] });
        if (url.includes(role.id)) return answer(role);
        return answer({ items: [], count: 0, page: 0, size: 20 });
      }),
    );
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_ROLES']), `/czo-management/all-roles/${role.id}`);
    render(<DetailPage resource={roleResource} id={role.id} extensions={resourceExtensions} />, { wrapper: Wrapper });

    const list = await screen.findByRole('list', { name: 'Permissions' });
    const items = within(list).getAllByRole('listitem');
    // In the catalogue's order, each a label and its code.
    expect(items.map((i) => i.querySelector('.permission-list__label')?.textContent)).toEqual(['Update QR code', 'Cancel booking', 'View users', 'View all CZO users']);
    expect(items.map((i) => i.querySelector('code')?.textContent)).toEqual(['ROLE_UPDATE_QR_CODE', 'ROLE_CANCEL_BOOKING', 'ROLE_VIEW_USERS', 'ROLE_VIEW_ALL_CZO_USERS']);
    expect(screen.getByText('4 permissions')).toBeInTheDocument();
    // Not repeated as pills of codes in the properties.
    expect(within(screen.getByRole('complementary', { name: 'Properties' })).queryByText('ROLE_VIEW_USERS')).toBeNull();

    const filter = screen.getByRole('textbox', { name: 'Find in permissions' });
    await userEvent.type(filter, 'users');
    expect(within(list).getAllByRole('listitem').map((i) => i.querySelector('code')?.textContent)).toEqual(['ROLE_VIEW_USERS', 'ROLE_VIEW_ALL_CZO_USERS']);
    expect(screen.getByText('2 of 4 shown')).toBeInTheDocument();
    // Staff who know the code find it by the code.
    await userEvent.clear(filter);
    await userEvent.type(filter, 'ROLE_CANCEL');
    expect(within(list).getAllByRole('listitem').map((i) => i.querySelector('.permission-list__label')?.textContent)).toEqual(['Cancel booking']);
    await userEvent.clear(filter);
    await userEvent.type(filter, 'nothing like it');
    expect(screen.getByText('No permission matches “nothing like it”.')).toBeInTheDocument();
  });

  it('reads as labels in a list cell and in copied text', () => {
    const def = roleResource.allFields.permissions!;
    const { Wrapper } = renderWith(fakeSession([]));
    render(<CellValue def={def} field="permissions" record={role} cdnBase={undefined} />, { wrapper: Wrapper });
    expect(screen.getByText('View users, Cancel booking, Update QR code, View all CZO users')).toBeInTheDocument();
    expect(formatFieldText(def, ['ROLE_STOP_BOOKING'])).toBe('Stop booking');
  });
});
