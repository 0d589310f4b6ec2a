import { describe, expect, it } from 'vitest';
import { permissionChanges, permissionLabel } from '@domain/permission-labels';
import { allPermissions } from '@domain/permissions';

describe('permission labels', () => {
  it('reads as words, abbreviations kept', () => {
    expect(permissionLabel('ROLE_VIEW_ALL_CZO_USERS')).toBe('View all CZO users');
    expect(permissionLabel('ROLE_EDIT_ROLE_PERMISSIONS')).toBe('Edit role permissions');
    expect(permissionLabel('ROLE_ADD_RFID_CARD')).toBe('Add RFID card');
  });

  it('gives every permission of the catalogue its own label, without codes', () => {
    const labels = allPermissions.map(permissionLabel);
    expect(new Set(labels).size).toBe(allPermissions.length);
    for (const label of labels) {
      expect(label).not.toMatch(/_|^ROLE/);
      expect(label.charAt(0)).toBe(label.charAt(0).toUpperCase());
    }
  });

  it('says what a change of a set adds and removes, by label', () => {
    expect(permissionChanges(['ROLE_VIEW_ROLES', 'ROLE_CREATE_ROLE'], ['ROLE_VIEW_ROLES', 'ROLE_VIEW_USER_ROLES', 'ROLE_ADD_USER_ROLE_MAPPING'])).toEqual({
      added: ['ROLE_ADD_USER_ROLE_MAPPING', 'ROLE_VIEW_USER_ROLES'],
      removed: ['ROLE_CREATE_ROLE'],
    });
    expect(permissionChanges(['ROLE_VIEW_ROLES'], ['ROLE_VIEW_ROLES'])).toEqual({ added: [], removed: [] });
  });
});
