import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { formatDateTime } from '@domain/format-date';
import {
  localListAnchors,
  localListAnswerLabels,
  localListPaths,
  localListStateLabels,
  localListViewSchema,
  MANAGE_LOCAL_LIST_PERMISSION,
  type LocalListState,
  type LocalListView,
} from '@domain/local-list';
import { canTestOverOcpp, ocppCommandViewSchema } from '@domain/ocpp';
import { apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { useCan } from '@resources/gated-action';
import { Button } from '@ui/button';
import { ConfirmDialog } from '@ui/confirm-dialog';
import { LoadingIndicator } from '@ui/loading-indicator';
import { pushToast } from '@state/toasts';
import { usePageAnchor } from './use-page-anchor';

const answerSchema = z.object({ batchIds: z.array(z.string()), items: z.array(ocppCommandViewSchema), lists: z.array(localListViewSchema) });

/** Tone of a list state's pill. */
export function localListTone(state: LocalListState | null): string {
  if (state === 'inSync') return 'success';
  if (state === 'failed') return 'danger';
  if (state === 'behind') return 'warning';
  return 'neutral';
}

/** "Version 12 of 14" or "Version not known", in words. */
function versionLine(list: LocalListView): string {
  if (!list.holdsList) return 'This charger holds no local list yet.';
  const held = list.heldVersion === null ? 'not known' : String(list.heldVersion);
  return `Holds version ${held}; should hold version ${list.wantedVersion}.`;
}

const listKey = (chargerId: number) => [...queryKeys.ocpp(chargerId).all, 'local-list'] as const;

/**
 * The charger page's local authorization list: its state in words (in sync, behind, update failed with the charger's
 * answer), the version it holds and should hold, the cards on it and when it was last sent; for staff who may manage
 * it, Send full list… (confirmed: the charger's list is replaced) and Read list version.
 */
export function LocalListPanel({ chargerId, chargerType, uniqueId }: { chargerId: number; chargerType: string; uniqueId: string }) {
  const canManage = useCan(MANAGE_LOCAL_LIST_PERMISSION);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: listKey(chargerId),
    queryFn: ({ signal }) => apiRequest(localListPaths.ofCharger(chargerId), { schema: localListViewSchema, signal }),
    enabled: canTestOverOcpp(chargerType),
  });
  // The palette opens the page at an action, or moves the fragment of the page on screen: its button takes the focus
  // (once the list is on screen).
  usePageAnchor([localListAnchors.sendFull, localListAnchors.readVersion], (anchor) => document.getElementById(anchor)?.focus(), canManage && list.isSuccess);
  if (!canTestOverOcpp(chargerType)) return null;
  const run = async (label: string, path: string) => {
    try {
      const answer = await apiRequest(path, { body: { chargerIds: [chargerId] }, schema: answerSchema });
      const state = answer.lists[0];
      const last = answer.items[answer.items.length - 1];
      const ok = state?.state === 'inSync';
      const why = state?.answer ? (localListAnswerLabels[state.answer] ?? state.answer) : last?.error;
      pushToast(`${label}: ${state?.state ? localListStateLabels[state.state] : 'Done'}${!ok && why ? ` (${why})` : ''}`, ok ? 'success' : 'error');
    } catch (error) {
      pushToast(`${label}: ${errorMessage(error)}`, 'error');
    }
    await queryClient.invalidateQueries({ queryKey: queryKeys.ocpp(chargerId).all });
  };
  const data = list.data;
  return (
    <section className="detail-section charger-local-list" aria-labelledby="local-list-heading">
      <h2 id="local-list-heading">Local authorization list</h2>
      {list.isPending ? (
        <LoadingIndicator label="Loading the local list…" />
      ) : list.isError ? (
        <p role="alert">{errorMessage(list.error)}</p>
      ) : data ? (
        <dl className="detail-grid">
          <div className="detail-grid__item">
            <dt>State</dt>
            <dd>
              <span className={`pill pill--${localListTone(data.state)}`} data-testid="local-list-state">
                {data.state ? localListStateLabels[data.state] : 'No list'}
              </span>
              {data.answer ? <span> {localListAnswerLabels[data.answer] ?? data.answer}</span> : null}
            </dd>
          </div>
          <div className="detail-grid__item">
            <dt>Version</dt>
            <dd data-testid="local-list-version">{versionLine(data)}</dd>
          </div>
          <div className="detail-grid__item">
            <dt>Cards on the list</dt>
            <dd>{data.cards.toLocaleString('en-IN')} cards</dd>
          </div>
          <div className="detail-grid__item">
            <dt>Last sent</dt>
            <dd>{data.lastSentAt ? formatDateTime(data.lastSentAt) : 'Never'}</dd>
          </div>
        </dl>
      ) : null}
      {canManage ? (
        <div className="command-panel__buttons">
          <ConfirmDialog
            title={`Send the full local list to ${uniqueId}?`}
            confirmLabel="Send full list"
            confirmVariant="primary"
            onConfirm={() => run('Send full list', localListPaths.sendFull)}
            trigger={
              <Button id={localListAnchors.sendFull} variant="secondary">
                Send full list…
              </Button>
            }
          >
            The charger’s local list is replaced by every RFID card on an account{data ? ` (${data.cards.toLocaleString('en-IN')} cards)` : ''}, blocked ones as
            blocked. From then on every card change reaches it within seconds.
          </ConfirmDialog>
          <Button id={localListAnchors.readVersion} variant="secondary" onPress={() => void run('Read list version', localListPaths.readVersion)}>
            Read list version
          </Button>
        </div>
      ) : null}
    </section>
  );
}
