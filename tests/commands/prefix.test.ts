import { describe, expect, it } from 'vitest';
import { lookupScopeOf, parseScopePrefix } from '@commands/prefix';
import { localCommands } from '@commands/palette-sources';
import { fakeContext } from './fake-context';

describe('scope prefixes', () => {
  it.each([
    ['>pin', 'actions', 'pin'],
    ['# 1234', 'tickets', '1234'],
    ['@98450', 'people', '98450'],
    ['/sett', 'pages', 'sett'],
  ])('%s opens the %s scope with %s', (text, scope, rest) => {
    expect(parseScopePrefix(text)).toEqual({ scope, rest });
  });

  it('leaves text without a prefix alone', () => {
    expect(parseScopePrefix('charger')).toBeUndefined();
    expect(parseScopePrefix('')).toBeUndefined();
  });

  it('maps scopes to the server lookup scope (none for actions and pages)', () => {
    expect([null, 'tickets', 'people', 'actions', 'pages'].map((s) => lookupScopeOf(s as never))).toEqual(['all', 'tickets', 'people', undefined, undefined]);
  });

  it('narrows local commands by scope', () => {
    const ctx = fakeContext({ permissions: new Set(['ROLE_VIEW_SETTLEMENT']), pins: [{ id: 'x', title: 'X', redirect: '/x' }] });
    expect(localCommands(ctx, 'actions', {}).every((c) => c.kind === 'action')).toBe(true);
    expect(new Set(localCommands(ctx, 'pages', {}).map((c) => c.kind))).toEqual(new Set(['pin', 'page']));
    expect(localCommands(ctx, 'tickets', {})).toEqual([]);
  });
});
