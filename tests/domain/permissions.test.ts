import { describe, expect, it } from 'vitest';
import { flattenMenu, menuTree } from '@domain/menu';
import { allPermissions, familyOf, hasPermission, isPermission, permissionFamilies, permissionSchema, type Permission } from '@domain/permissions';

const listed: string[] = Object.values(permissionFamilies).flat();

describe('permission catalogue', () => {
  it('lists each permission in exactly one family', () => {
    const duplicates = listed.filter((p, i) => listed.indexOf(p) !== i);
    expect(duplicates).toEqual([]);
    expect(allPermissions).toHaveLength(listed.length);
  });

  it('uses the ROLE_ style for every permission', () => {
    for (const p of allPermissions) expect(p).toMatch(/^ROLE_[A-Z0-9]+(?:_[A-Z0-9]+)*$/);
  });

  it('holds every permission the menu requires', () => {
    const missing = flattenMenu(menuTree)
      .map((entry) => entry.permission)
      .filter((p): p is Permission => p !== undefined && !isPermission(p));
    expect(missing).toEqual([]);
  });

  it('covers every permission family', () => {
    for (const family of ['Charger installation ticket', 'Site inspection', 'Chargers', 'Locations', 'Bookings', 'Wallet', 'Finance', 'Roles', 'Hardware', 'Zones', 'Global data', 'Leads', 'Others']) {
      expect(Object.keys(permissionFamilies)).toContain(family);
    }
  });
});

describe('familyOf', () => {
  it('finds the family of a permission', () => {
    expect(familyOf('ROLE_APPROVE_SITE_INSPECTION')).toBe('Site inspection');
    expect(familyOf('ROLE_SEARCH_CHARGER')).toBe('Chargers');
    expect(familyOf('ROLE_CLIENT_TOKEN_GENERATION')).toBe('Others');
  });

  it('finds a family for every catalogue permission', () => {
    for (const p of allPermissions) expect((permissionFamilies[familyOf(p)] as readonly string[]).includes(p)).toBe(true);
  });

  it('throws for a string outside the catalogue', () => {
    expect(() => familyOf('ROLE_NOT_A_THING' as Permission)).toThrow(/no family/);
  });
});

describe('isPermission and permissionSchema', () => {
  it('know catalogue permissions and refuse others', () => {
    expect(isPermission('ROLE_VIEW_USERS')).toBe(true);
    expect(isPermission('ROLE_view_users')).toBe(false);
    expect(isPermission('')).toBe(false);
    expect(permissionSchema.safeParse('ROLE_VIEW_USERS').success).toBe(true);
    const refused = permissionSchema.safeParse('ROLE_MADE_UP');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Unknown permission');
    expect(permissionSchema.safeParse(42).success).toBe(false);
  });
});

describe('hasPermission', () => {
  it('allows entries that need no permission', () => {
    expect(hasPermission([], undefined)).toBe(true);
    expect(hasPermission(new Set<string>(), undefined)).toBe(true);
  });

  it('checks arrays and sets', () => {
    expect(hasPermission(['ROLE_VIEW_USERS'], 'ROLE_VIEW_USERS')).toBe(true);
    expect(hasPermission(['ROLE_VIEW_USERS'], 'ROLE_VIEW_HOSTS')).toBe(false);
    expect(hasPermission(new Set(['ROLE_VIEW_HOSTS']), 'ROLE_VIEW_HOSTS')).toBe(true);
    expect(hasPermission(new Set(['ROLE_VIEW_HOSTS']), 'ROLE_VIEW_USERS')).toBe(false);
  });
});
