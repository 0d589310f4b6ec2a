// The audit policy (which rows an audit configuration keeps), reserved values (a unit’s Installed) and referral codes, pure.
import { describe, expect, it } from 'vitest';
import { auditedActionOf, shouldAudit } from '@domain/audit-policy';
import { hardwareResource } from '@domain/resources/chargers/hardware';
import { referralCodeFor } from '@domain/resources/users/user';
import { formFieldDef, reservedValueIssue } from '@domain/resource/define-resource';

describe('audit policy', () => {
  const rule = { auditedActions: ['CREATE', 'TRANSITION'], retentionDays: 30, isActive: true };
  it('maps the actions the code writes onto the configuration’s', () => {
    expect(['create', 'update', 'activate', 'inactivate', 'transition', 'export', 'replace-hardware'].map(auditedActionOf)).toEqual([
      'CREATE', 'UPDATE', 'ACTIVATE', 'INACTIVATE', 'TRANSITION', 'EXPORT', 'UPDATE',
    ]);
  });
  it('audits only listed actions of an active configuration; none or inactive audits all; the allow-list always', () => {
    expect(shouldAudit(rule, 'vendors', 'create')).toBe(true);
    expect(shouldAudit(rule, 'vendors', 'update')).toBe(false);
    expect(shouldAudit(rule, 'vendors', 'change-name')).toBe(false);
    expect(shouldAudit({ ...rule, isActive: false }, 'vendors', 'update')).toBe(true);
    expect(shouldAudit(undefined, 'vendors', 'update')).toBe(true);
    expect(shouldAudit(rule, 'settlements', 'update')).toBe(true);
    expect(shouldAudit(rule, 'chargers', 'host-mapping')).toBe(true);
  });
});

describe('reserved values (hardware status)', () => {
  it('refuses moving into or out of Installed, allows the others and an unchanged value', () => {
    expect(reservedValueIssue(hardwareResource, 'status', 'INSTALLED')).toMatchObject({ path: 'status' });
    expect(reservedValueIssue(hardwareResource, 'status', 'IN_STOCK')).toBeUndefined();
    expect(reservedValueIssue(hardwareResource, 'status', 'IN_STOCK', { status: 'INSTALLED' })).toMatchObject({ path: 'status' });
    expect(reservedValueIssue(hardwareResource, 'status', 'INSTALLED', { status: 'INSTALLED' })).toBeUndefined();
    expect(reservedValueIssue(hardwareResource, 'status', 'UNDER_REPAIR', { status: 'IN_STOCK' })).toBeUndefined();
  });
  it('offers the form only what the generic edit may set', () => {
    const values = (record?: Record<string, unknown>) => formFieldDef(hardwareResource, 'status', record)!.options!.map((o) => o.value);
    expect(values()).not.toContain('INSTALLED');
    expect(values({ status: 'IN_STOCK' })).not.toContain('INSTALLED');
    expect(values({ status: 'INSTALLED' })).toEqual(['INSTALLED']);
    expect(formFieldDef(hardwareResource, 'serialNumber')).toBe(hardwareResource.fields.serialNumber);
  });
});

describe('referral codes', () => {
  it('makes a code of up to 6 letters of the first name and 6 digits', () => {
    expect(referralCodeFor('Priya Nair', 42_917)).toBe('PRIYA042917');
    expect(referralCodeFor('Ānanyāsree K', 7)).toBe('ANANYA000007');
    expect(referralCodeFor('राहुल', 123_456)).toBe('CZO123456');
    expect(referralCodeFor(null, 999_999)).toBe('CZO999999');
  });
});
