import { describe, expect, it } from 'vitest';
import { campaignWavesSchema, createCampaignBodySchema, parseCampaignWaves, waveSizes } from '@domain/firmware-campaigns';

describe('firmware campaign waves', () => {
  it('sizes waves by cumulative share, at least one charger each, empty ones dropped', () => {
    expect(waveSizes(10, [1, 10, 100])).toEqual([1, 1, 8]);
    expect(waveSizes(1000, [1, 10, 100])).toEqual([10, 90, 900]);
    expect(waveSizes(1, [1, 10, 100])).toEqual([1]);
    expect(waveSizes(2, [1, 10, 100])).toEqual([1, 1]);
    expect(waveSizes(0, [1, 10, 100])).toEqual([]);
    expect(waveSizes(7, [100])).toEqual([7]);
    expect(waveSizes(10_000, [1, 10, 100]).reduce((a, b) => a + b, 0)).toBe(10_000);
  });

  it('reads the setting and refuses waves that do not rise to 100 %', () => {
    expect(parseCampaignWaves('1, 10,100')).toEqual([1, 10, 100]);
    expect(parseCampaignWaves('10,5,100')).toBeNull();
    expect(parseCampaignWaves('1,10')).toBeNull();
    expect(parseCampaignWaves('1,x,100')).toBeNull();
    expect(campaignWavesSchema.safeParse([0, 100]).success).toBe(false);
    expect(campaignWavesSchema.safeParse([50, 50, 100]).success).toBe(false);
  });

  it('a campaign body is strict', () => {
    const body = { name: 'v2', firmwareFileId: '3b241101-e2bb-4255-8caf-4136c566a962', filters: { vendors: ['ABB'] } };
    expect(createCampaignBodySchema.safeParse(body).success).toBe(true);
    expect(createCampaignBodySchema.safeParse({ ...body, extra: 1 }).success).toBe(false);
    expect(createCampaignBodySchema.safeParse({ ...body, filters: { vendor: 'ABB' } }).success).toBe(false);
    expect(createCampaignBodySchema.safeParse({ ...body, retrieveDate: 'tomorrow' }).success).toBe(false);
  });
});
