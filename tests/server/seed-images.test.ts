// Every image the demo data points to is there: a public path names a file of the bundled CDN folder, so no list or
// record of the seeded console shows a broken image.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPrivateUploadPath } from '@domain/upload-kinds';
import { resources } from '@domain/resource/registry';
import { defaultCdnDir } from '@server/http/static-files';
import { call } from './support/test-app';
import { ruleDrivers } from './support/test-database';
import { useTestApp } from './support/use-test-app';

const imageResources = resources.filter((r) => r.views.length > 0 && Object.values(r.allFields).some((f) => f.display === 'image' || f.display === 'images'));

describe.each(ruleDrivers)('seeded images on %s', (driver) => {
  const env = useTestApp(driver);

  it('name files that exist, on every list with images', async () => {
    const admin = (await env.signInAs('9000000001')).authKey;
    const missing: string[] = [];
    const seen = new Set<string>();
    let checked = 0;
    for (const resource of imageResources) {
      const page = await call(env.t, 'GET', `${resource.apiPath}?size=100`, { authKey: admin });
      if (page.status !== 200) continue;
      for (const row of page.body.items as Record<string, unknown>[]) {
        for (const [field, def] of Object.entries(resource.allFields)) {
          const value = row[field];
          const paths = def.display === 'image' ? [value] : def.display === 'images' ? ((value as { relativePath: string }[] | null) ?? []).map((i) => i.relativePath) : [];
          for (const p of paths) {
            if (typeof p !== 'string' || p === '' || isPrivateUploadPath(p) || /^https?:/.test(p)) continue;
            checked += 1;
            if (!existsSync(path.join(defaultCdnDir, p))) missing.push(`${resource.name}.${field}: ${p}`);
            seen.add(resource.name);
          }
        }
      }
    }
    expect(missing).toEqual([]);
    // The lists the issue named are among those checked.
    expect([...seen]).toEqual(expect.arrayContaining(['news', 'investment-opportunities', 'white-label-applications', 'knowledge-hub-links', 'products', 'vehicles', 'advertisements', 'site-inspection-tickets']));
    expect(checked).toBeGreaterThan(50);
  });
});
