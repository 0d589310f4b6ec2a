import { describe, expect, it } from 'vitest';
import { resources } from '@domain/resource/registry';
import { findUploadKind, isPrivateUploadPath, mayUpload, mayViewUploads, privateUploadKindOf, uploadKindFor, uploadKinds, uploadPermissionsOf } from '@domain/upload-kinds';

const imageFields = resources.flatMap((r) =>
  Object.entries(r.allFields)
    .filter(([, def]) => def.inputKind === 'image' || def.inputKind === 'images')
    .map(([field]) => `${r.name}.${field}`),
);

describe('upload kinds', () => {
  it('give every image field of every resource exactly one kind, so someone decided who may see its files', () => {
    const covered = uploadKinds.flatMap((k) => k.fields.map((f) => `${k.resource}.${f}`));
    expect([...covered].sort()).toEqual([...imageFields].sort());
    expect(new Set(covered).size).toBe(covered.length);
    expect(new Set(uploadKinds.map((k) => k.name)).size).toBe(uploadKinds.length);
  });

  it('let upload only who may write the fields (create or update where writable, or the event that adds a file)', () => {
    for (const kind of uploadKinds) expect(uploadPermissionsOf(kind).length, kind.name).toBeGreaterThan(0);
    const site = findUploadKind('site-inspection-images')!;
    expect(uploadPermissionsOf(site)).toContain('ROLE_ADD_SITE_INSPECTION_IMAGE');
    expect(mayUpload(['ROLE_ADD_SITE_INSPECTION_IMAGE'], site)).toBe(true);
    expect(mayUpload(['ROLE_VIEW_ALL_SITE_INSPECTION_TICKETS'], site)).toBe(false);
    expect(mayUpload([], findUploadKind('news-images')!)).toBe(false);
    expect(mayViewUploads(['ROLE_VIEW_OPEN_SITE_INSPECTION_TICKETS'], site)).toBe(true);
    expect(mayViewUploads(['ROLE_VIEW_USERS'], site)).toBe(false);
  });

  it('keep site photos and people’s pictures private, marketing images public', () => {
    expect(uploadKinds.filter((k) => k.visibility === 'private').map((k) => k.name).sort()).toEqual(['site-inspection-images', 'user-photos']);
    expect(uploadKindFor('site-inspection-tickets', 'images')?.name).toBe('site-inspection-images');
    expect(uploadKindFor('site-inspection-tickets')?.name).toBe('site-inspection-images');
    expect(uploadKindFor('news', 'image')?.visibility).toBe('public');
    expect(uploadKindFor('news', 'title')).toBeUndefined();
  });

  it('tell a private upload by its path', () => {
    expect(privateUploadKindOf('uploads/private/site-inspection-images/2026/03/abcdEFGH1234_-xy.png')?.name).toBe('site-inspection-images');
    expect(isPrivateUploadPath('uploads/private/user-photos/2026/03/abcdEFGH1234.jpg')).toBe(true);
    for (const path of ['uploads/2026/03/abcdEFGH1234.png', 'site-inspections/1/parking.jpg', 'uploads/private/news-images/2026/03/abcdEFGH1234.png', 'uploads/private/nothing/2026/03/abcdEFGH1234.png', '', null, undefined]) {
      expect(isPrivateUploadPath(path), String(path)).toBe(false);
    }
  });
});
