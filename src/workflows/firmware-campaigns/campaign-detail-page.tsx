import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, type RouteComponentProps } from 'wouter';
import { formatDateTime } from '@domain/format-date';
import {
  campaignDetailSchema,
  campaignMembersPageSchema,
  campaignMemberStateLabels,
  campaignMemberStates,
  FIRMWARE_CAMPAIGNS_ROUTE,
  firmwareCampaignPaths,
  firmwareCampaignStateLabels,
  RUN_FIRMWARE_CAMPAIGN_PERMISSION,
  VIEW_FIRMWARE_CAMPAIGNS_PERMISSION,
  type CampaignDetail,
  type CampaignMember,
  type CampaignMemberState,
  type CampaignWave,
} from '@domain/firmware-campaigns';
import { campaignCan } from '@machines/firmware-campaign.machine';
import { apiRequest, errorMessage } from '@data/api-client';
import { useCan } from '@resources/gated-action';
import { NoAccess } from '@resources/no-access';
import { pushToast } from '@state/toasts';
import { Button } from '@ui/button';
import { ConfirmDialog } from '@ui/confirm-dialog';
import { LoadingIndicator } from '@ui/loading-indicator';
import { ResultTable } from '@ui/result-table';
import { campaignKeys, chargersText, count, progressText, stateTone } from './campaign-list-page';
import '@resources/resources.css';
import './firmware-campaigns.css';

const PAGE_SIZE = 50;
const memberTone: Record<CampaignMemberState, string> = { pending: '', inProgress: 'info', succeeded: 'success', failed: 'danger', cancelled: 'warning' };
const barParts: readonly CampaignMemberState[] = ['succeeded', 'failed', 'inProgress', 'cancelled'];

/** A firmware campaign: its state, waves' progress bars, the reason it is paused, its actions, and its chargers page by page. */
export function CampaignDetailPage({ params }: RouteComponentProps<{ id: string }>) {
  const allowed = useCan(VIEW_FIRMWARE_CAMPAIGNS_PERMISSION);
  if (!allowed) return <NoAccess permission={VIEW_FIRMWARE_CAMPAIGNS_PERMISSION} title="Firmware campaign" />;
  return <Campaign id={params.id} />;
}

function Campaign({ id }: { id: string }) {
  const campaign = useQuery({ queryKey: campaignKeys.one(id), queryFn: ({ signal }) => apiRequest(firmwareCampaignPaths.one(id), { schema: campaignDetailSchema, signal }) });
  return (
    <section className="page resource-page" aria-labelledby="fc-detail-title">
      <header className="resource-page__header">
        <h1 id="fc-detail-title">{campaign.data ? campaign.data.name : 'Firmware campaign'}</h1>
        <div className="resource-page__actions">
          <Link href={FIRMWARE_CAMPAIGNS_ROUTE} className="ui-button ui-button--ghost ui-button--md">
            Firmware campaigns
          </Link>
          {campaign.data ? <Actions campaign={campaign.data} /> : null}
        </div>
      </header>
      {campaign.isPending ? (
        <LoadingIndicator label="Loading the campaign…" showLabel />
      ) : campaign.isError ? (
        <p role="alert">The campaign could not be loaded: {errorMessage(campaign.error)}</p>
      ) : (
        <CampaignBody campaign={campaign.data} />
      )}
    </section>
  );
}

/** Start, Pause, Resume and Cancel, as the campaign's machine accepts them in its state. */
function Actions({ campaign }: { campaign: CampaignDetail }) {
  const canRun = useCan(RUN_FIRMWARE_CAMPAIGN_PERMISSION);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!canRun) return null;
  const snapshot = {
    state: campaign.state,
    context: { waveCount: campaign.chargerCount > 0 ? campaign.waveProgress.length : 0, wave: (campaign.currentWave ?? 0) - 1, thresholdPercent: campaign.failureThresholdPercent, acceptedFailures: 0, pausedReason: campaign.pausedReason },
  };
  const act = async (action: 'start' | 'pause' | 'resume' | 'cancel', done: string) => {
    setBusy(true);
    try {
      const next = await apiRequest(firmwareCampaignPaths.action(campaign.id, action), { method: 'POST', ...(action === 'pause' ? { body: {} } : {}), schema: campaignDetailSchema });
      queryClient.setQueryData(campaignKeys.one(campaign.id), next);
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      pushToast(`${done}: ${progressText(next)}.`, 'success');
    } catch (error) {
      pushToast(`${campaign.name}: ${errorMessage(error)}`, 'error');
      throw error;
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {campaignCan(snapshot, 'START') ? (
        <ConfirmDialog
          title={`Start “${campaign.name}”?`}
          confirmLabel="Start campaign"
          confirmVariant="primary"
          onConfirm={() => act('start', 'Campaign started')}
          trigger={
            <Button variant="primary" isDisabled={busy}>
              Start…
            </Button>
          }
        >
          Its {chargersText(campaign.chargerCount)} are fixed now and updated in {campaign.waveProgress.length} {campaign.waveProgress.length === 1 ? 'wave' : 'waves'}; the first wave is sent at once.
        </ConfirmDialog>
      ) : null}
      {campaignCan(snapshot, 'PAUSE') ? (
        <Button variant="secondary" isDisabled={busy} onPress={() => void act('pause', 'Campaign paused').catch(() => undefined)}>
          Pause
        </Button>
      ) : null}
      {campaignCan(snapshot, 'RESUME') ? (
        <Button variant="primary" isDisabled={busy} onPress={() => void act('resume', 'Campaign resumed').catch(() => undefined)}>
          Resume
        </Button>
      ) : null}
      {campaignCan(snapshot, 'CANCEL') ? (
        <ConfirmDialog
          title={`Cancel “${campaign.name}”?`}
          confirmLabel="Cancel campaign"
          cancelLabel="Keep it"
          onConfirm={() => act('cancel', 'Campaign cancelled')}
          trigger={
            <Button variant="danger" isDisabled={busy}>
              Cancel campaign…
            </Button>
          }
        >
          The chargers not yet sent the update are never sent it; updates already sent finish. This cannot be undone.
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function CampaignBody({ campaign }: { campaign: CampaignDetail }) {
  return (
    <>
      <div className="fc-summary" data-testid="fc-summary">
        <span>
          <span className={`pill pill--${stateTone[campaign.state]}`} data-testid="fc-detail-state">
            {firmwareCampaignStateLabels[campaign.state]}
          </span>
        </span>
        <span>Firmware {campaign.firmwareVersion ?? '-'}{campaign.firmwareName ? ` (${campaign.firmwareName})` : ''}</span>
        <span data-testid="fc-detail-progress">{progressText(campaign)}</span>
        <span>{campaign.currentWave === null ? `${campaign.waveProgress.length} waves planned` : `Wave ${campaign.currentWave} of ${campaign.waveProgress.length}`}</span>
        <span>Pauses above {campaign.failureThresholdPercent} % failed in a wave</span>
        <span>{campaign.retrieveDate ? `Chargers fetch the image from ${formatDateTime(campaign.retrieveDate)}` : 'Chargers fetch the image when their wave starts'}</span>
        <span>
          Created {formatDateTime(campaign.createdAt)}
          {campaign.createdByName ? ` by ${campaign.createdByName}` : ''}
        </span>
      </div>
      {campaign.pausedReason ? (
        <p className="fc-paused" role="status" data-testid="fc-paused-reason">
          {campaign.pausedReason}
        </p>
      ) : null}
      <h2>Waves</h2>
      {campaign.waveProgress.length === 0 ? <p>No charger matches its filters: there is no wave.</p> : <Waves campaign={campaign} />}
      {campaign.state === 'draft' ? <p>The chargers are listed once the campaign starts: until then they are whichever match its filters.</p> : <Members campaignId={campaign.id} waves={campaign.waveProgress.length} />}
    </>
  );
}

function Waves({ campaign }: { campaign: CampaignDetail }) {
  return (
    <ol className="fc-waves" aria-label="Waves">
      {campaign.waveProgress.map((w) => (
        <li key={w.wave} data-testid={`fc-wave-${w.wave}`}>
          <div className="fc-wave__head">
            <strong>
              Wave {w.wave}
              {campaign.currentWave === w.wave && (campaign.state === 'running' || campaign.state === 'paused') ? ' (current)' : ''}
            </strong>
            <span>{waveText(w)}</span>
          </div>
          <div className="fc-bar" role="img" aria-label={`Wave ${w.wave}: ${waveText(w)}`}>
            {barParts.map((part) =>
              w.counts[part] > 0 ? <span key={part} className={`fc-bar__part--${part}`} style={{ width: `${(w.counts[part] * 100) / Math.max(1, w.size)}%` }} /> : null,
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** "8 chargers: 6 updated, 1 failed (12.5 %), 1 updating". */
function waveText(w: CampaignWave): string {
  const parts = [
    w.counts.succeeded > 0 ? `${count(w.counts.succeeded)} updated` : null,
    w.counts.failed > 0 ? `${count(w.counts.failed)} failed (${w.failurePercent} %)` : null,
    w.counts.inProgress > 0 ? `${count(w.counts.inProgress)} updating` : null,
    w.counts.pending > 0 ? `${count(w.counts.pending)} waiting` : null,
    w.counts.cancelled > 0 ? `${count(w.counts.cancelled)} cancelled` : null,
  ].filter(Boolean);
  return `${chargersText(w.size)}: ${parts.join(', ')}`;
}

function Members({ campaignId, waves }: { campaignId: string; waves: number }) {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<CampaignMemberState | ''>('');
  const [wave, setWave] = useState('');
  const params = { page, pageSize: PAGE_SIZE, ...(state ? { state } : {}), ...(wave ? { wave: Number(wave) } : {}) };
  const members = useQuery({
    queryKey: campaignKeys.members(campaignId, params),
    queryFn: ({ signal }) =>
      apiRequest(`${firmwareCampaignPaths.members(campaignId)}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`, { schema: campaignMembersPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
  const pages = members.data ? Math.max(1, Math.ceil(members.data.total / PAGE_SIZE)) : 1;
  return (
    <>
      <h2>Chargers</h2>
      <div className="bulk-results__filters fc-form__row">
        <label className="ui-field">
          <span className="ui-field__label">State</span>
          <select className="ui-field__input" value={state} onChange={(e) => (setState(e.target.value as CampaignMemberState | ''), setPage(1))}>
            <option value="">Every state</option>
            {campaignMemberStates.map((s) => (
              <option key={s} value={s}>
                {campaignMemberStateLabels[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="ui-field">
          <span className="ui-field__label">Wave</span>
          <select className="ui-field__input" value={wave} onChange={(e) => (setWave(e.target.value), setPage(1))}>
            <option value="">Every wave</option>
            {Array.from({ length: waves }, (_, i) => (
              <option key={i} value={String(i + 1)}>
                Wave {i + 1}
              </option>
            ))}
          </select>
        </label>
      </div>
      {members.isPending ? (
        <LoadingIndicator label="Loading the chargers…" showLabel />
      ) : members.isError ? (
        <p role="alert">The chargers could not be loaded: {errorMessage(members.error)}</p>
      ) : members.data.items.length === 0 ? (
        <p>No charger of this campaign matches.</p>
      ) : (
        <>
          <ResultTable<CampaignMember>
            label="Chargers of the campaign"
            rows={members.data.items}
            rowKey={(m) => m.chargerId}
            columns={[
              { id: 'charger', header: 'Charger', render: (m) => m.uniqueId ?? `Charger ${m.chargerId}` },
              { id: 'wave', header: 'Wave', render: (m) => String(m.wave) },
              { id: 'state', header: 'State', testId: 'fc-member-state', render: (m) => <span className={`pill pill--${memberTone[m.state]}`}>{campaignMemberStateLabels[m.state]}</span> },
              { id: 'step', header: 'Step', render: (m) => m.step ?? '-' },
              { id: 'error', header: 'Error', render: (m) => m.error ?? '-' },
              { id: 'updated', header: 'Last change', render: (m) => (m.updatedAt ? formatDateTime(m.updatedAt) : '-') },
            ]}
          />
          <nav className="fc-pager" aria-label="Pages of chargers">
            <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <span>
              Page {page} of {pages} · {chargersText(members.data.total)}
            </span>
            <Button variant="secondary" size="sm" isDisabled={page >= pages} onPress={() => setPage((p) => p + 1)}>
              Next
            </Button>
          </nav>
        </>
      )}
    </>
  );
}
