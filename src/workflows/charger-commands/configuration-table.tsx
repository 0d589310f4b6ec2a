import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '@domain/format-date';
import { centralConfigurationKeyReason, commandExtraPermission, ocppPaths, sendCommandAnswerSchema, type OcppCommandView } from '@domain/ocpp';
import { hasPermission } from '@domain/permissions';
import { permissionLabel } from '@domain/permission-labels';
import { useSession } from '@app/session/session-context';
import { commandAnswerText, ocppAnswerLabels } from '@domain/ocpp-batches';
import { apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { Button } from '@ui/button';
import { ConfirmDialog } from '@ui/confirm-dialog';
import { LoadingIndicator } from '@ui/loading-indicator';
import { ResultTable } from '@ui/result-table';
import { pushToast } from '@state/toasts';

/** One configuration key as a charger reports it (GetConfiguration). */
export interface ConfigurationKey {
  key: string;
  value: string | null;
  readonly: boolean;
}

/** The keys and the unknown keys of a GetConfiguration answer (a charger's reply as the command record holds it). */
export function configurationOf(response: unknown): { keys: ConfigurationKey[]; unknown: string[] } {
  const r = (response ?? {}) as { configurationKey?: { key?: unknown; value?: unknown; readonly?: unknown }[]; unknownKey?: unknown[] };
  const keys = (r.configurationKey ?? [])
    .filter((k) => typeof k.key === 'string')
    .map((k) => ({ key: String(k.key), value: typeof k.value === 'string' ? k.value : null, readonly: k.readonly === true }))
    .sort((a, b) => a.key.localeCompare(b.key));
  return { keys, unknown: (r.unknownKey ?? []).map(String) };
}

type Read = { state: 'reading' } | { state: 'error'; message: string } | { state: 'read'; keys: ConfigurationKey[]; unknown: string[]; at: string };

/**
 * Whether a key the charger lets change may be changed here, and why not: the central system's own keys
 * (centralConfigurationKeys) never, a key needing a permission of its own (the local list's) for its holders.
 */
export function keyChange(key: string, permissions: readonly string[]): { may: true } | { may: false; access: string; why: string } {
  const reason = centralConfigurationKeyReason(key);
  if (reason) return { may: false, access: 'Set by the central system', why: reason };
  const needed = commandExtraPermission({ action: 'ChangeConfiguration', payload: { key, value: '' } });
  if (needed && !hasPermission(permissions, needed)) return { may: false, access: `Editable with ${permissionLabel(needed)}`, why: `Changing ${key} needs the permission ${permissionLabel(needed)}.` };
  return { may: true };
}

/**
 * A charger's configuration as a table (Read configuration: GetConfiguration, its answer awaited): key, value,
 * read-only or editable, filterable by key; an editable key's value changes in place (ChangeConfiguration, after a
 * confirm; the charger's answer in words), and the table reads again. A key the central system sets itself, or one
 * needing a permission the staff member lacks, says so instead of offering Change. Keys the charger does not know
 * are listed.
 */
export function ConfigurationTable({ chargerId, onClose }: { chargerId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [read, setRead] = useState<Read>({ state: 'reading' });
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<{ key: string; value: string }>();

  const readAgain = useCallback(async () => {
    setRead({ state: 'reading' });
    try {
      const answer = await apiRequest(ocppPaths.command, { body: { chargerIds: [chargerId], command: { action: 'GetConfiguration', payload: {} }, wait: true }, schema: sendCommandAnswerSchema });
      const item = answer.items[0];
      void queryClient.invalidateQueries({ queryKey: queryKeys.ocpp(chargerId).commands });
      if (!item || item.status !== 'accepted') setRead({ state: 'error', message: item ? commandAnswerText(item) : 'No answer.' });
      else setRead({ state: 'read', ...configurationOf(item.response), at: item.answeredAt ?? item.createdAt });
    } catch (error) {
      setRead({ state: 'error', message: errorMessage(error) });
    }
  }, [chargerId, queryClient]);

  useEffect(() => {
    void readAgain();
  }, [readAgain]);

  const change = async (key: string, value: string) => {
    let item: OcppCommandView | undefined;
    try {
      const answer = await apiRequest(ocppPaths.command, { body: { chargerIds: [chargerId], command: { action: 'ChangeConfiguration', payload: { key, value } }, wait: true }, schema: sendCommandAnswerSchema });
      item = answer.items[0];
    } catch (error) {
      pushToast(errorMessage(error), 'error');
      throw error;
    }
    const said = (item?.response as { status?: string } | null)?.status;
    pushToast(`${key}: ${said ? (ocppAnswerLabels[said] ?? said) : item ? commandAnswerText(item) : 'no answer'}`, item?.status === 'accepted' ? 'success' : 'error');
    setEditing(undefined);
    void queryClient.invalidateQueries({ queryKey: queryKeys.ocpp(chargerId).commands });
    await readAgain();
  };

  const needle = filter.trim().toLowerCase();
  return (
    <section className="configuration" aria-label="Configuration">
      <header className="configuration__header">
        <h4>Configuration</h4>
        <label className="configuration__filter">
          <span>Filter keys</span>
          <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Part of a key" />
        </label>
        <Button variant="secondary" size="sm" onPress={() => void readAgain()} isDisabled={read.state === 'reading'}>
          Read again
        </Button>
        <Button variant="ghost" size="sm" onPress={onClose}>
          Hide configuration
        </Button>
      </header>
      {read.state === 'reading' ? (
        <LoadingIndicator label="Reading the configuration from the charger…" showLabel />
      ) : read.state === 'error' ? (
        <p role="alert">The configuration could not be read: {read.message}</p>
      ) : (
        <>
          {(() => {
            const rows = read.keys.filter((k) => k.key.toLowerCase().includes(needle));
            return rows.length === 0 ? (
              <p>{read.keys.length === 0 ? 'The charger reported no configuration key.' : 'No key matches this filter.'}</p>
            ) : (
              <ResultTable
                className="ocpp-table configuration__table"
                label="Configuration keys"
                rows={rows}
                rowKey={(k) => k.key}
                columns={[
                  { id: 'key', header: 'Key', render: (k) => <code>{k.key}</code> },
                  {
                    id: 'value',
                    header: 'Value',
                    render: (k) =>
                      editing?.key === k.key ? (
                        <input
                          className="ui-field__input configuration__input"
                          aria-label={`New value of ${k.key}`}
                          value={editing.value}
                          autoFocus
                          onChange={(e) => setEditing({ key: k.key, value: e.target.value })}
                          onKeyDown={(e) => (e.key === 'Escape' ? setEditing(undefined) : undefined)}
                        />
                      ) : (
                        (k.value ?? '—')
                      ),
                  },
                  {
                    id: 'access',
                    header: 'Access',
                    render: (k) => {
                      if (k.readonly) return 'Read-only';
                      const change = keyChange(k.key, user.permissions);
                      return change.may ? 'Editable' : <span title={change.why}>{change.access}</span>;
                    },
                  },
                  {
                    id: 'actions',
                    header: 'Actions',
                    headerHidden: true,
                    render: (k) =>
                      k.readonly || !keyChange(k.key, user.permissions).may ? null : editing?.key === k.key ? (
                        <span className="configuration__actions">
                          <ConfirmDialog
                            title={`Change ${k.key}?`}
                            confirmLabel="Change"
                            confirmVariant="primary"
                            onConfirm={() => change(k.key, editing.value)}
                            trigger={
                              <Button variant="primary" size="sm" isDisabled={editing.value === (k.value ?? '')}>
                                Save
                              </Button>
                            }
                          >
                            The charger’s {k.key} changes from “{k.value ?? ''}” to “{editing.value}”. It works with the new value from then on (some keys only after a reboot).
                          </ConfirmDialog>
                          <Button variant="ghost" size="sm" onPress={() => setEditing(undefined)}>
                            Cancel
                          </Button>
                        </span>
                      ) : (
                        <Button variant="secondary" size="sm" aria-label={`Change ${k.key}`} onPress={() => setEditing({ key: k.key, value: k.value ?? '' })}>
                          Change…
                        </Button>
                      ),
                  },
                ]}
              />
            );
          })()}
          <p className="ocpp-live__count">
            {read.keys.length} key{read.keys.length === 1 ? '' : 's'} read at {formatDateTime(read.at)}.
            {read.unknown.length > 0 ? ` Keys the charger does not know: ${read.unknown.join(', ')}.` : ''}
          </p>
        </>
      )}
    </section>
  );
}
