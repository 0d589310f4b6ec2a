// What an uploaded file is for. Every upload names its kind: the kind says which resource's image fields the file
// goes in (so who may upload it: the resource's create or update permission where those fields are writable, or
// a workflow event that adds such a file), and whether it is public (news, products, ads: anyone may load it) or
// private (site photos, people's pictures, and anything personal: only someone who may view that kind of record,
// by their session or a short-lived signed link). A test checks that every image field of every resource has
// exactly one kind, so a new image field cannot be uploaded to without someone deciding who may see it.
import { hasPermission, type Permission } from './permissions';
import { anyViewPermissions, type Resource } from './resource/define-resource';
import type { FieldDef } from './resource/field';
import { resourceByName } from './resource/registry';

/** Who may load a file of a kind: anyone (public) or a caller who may view that kind of record (private). */
export type UploadVisibility = 'public' | 'private';

/** One kind of upload. */
export interface UploadKind {
  /** Its name, sent as the upload's `kind` and part of a private file's path. */
  name: string;
  /** The resource whose records hold these files. */
  resource: string;
  /** The image fields of that resource the files go in. */
  fields: readonly string[];
  visibility: UploadVisibility;
  /** Permissions of workflow events that add such a file (beside the resource's create and update); default none. */
  eventPermissions?: readonly Permission[];
}

/** Every kind of upload. */
export const uploadKinds: readonly UploadKind[] = [
  { name: 'site-inspection-images', resource: 'site-inspection-tickets', fields: ['images'], visibility: 'private', eventPermissions: ['ROLE_ADD_SITE_INSPECTION_IMAGE'] },
  { name: 'user-photos', resource: 'users', fields: ['image'], visibility: 'private' },
  { name: 'investment-opportunity-images', resource: 'investment-opportunities', fields: ['images', 'imageUrl'], visibility: 'public' },
  { name: 'white-label-logos', resource: 'white-label-applications', fields: ['logo'], visibility: 'public' },
  { name: 'socket-type-images', resource: 'socket-types', fields: ['imageRelativePath'], visibility: 'public' },
  { name: 'news-images', resource: 'news', fields: ['image'], visibility: 'public' },
  { name: 'knowledge-hub-thumbnails', resource: 'knowledge-hub-links', fields: ['thumbnail'], visibility: 'public' },
  { name: 'product-images', resource: 'products', fields: ['image'], visibility: 'public' },
  { name: 'vehicle-images', resource: 'vehicles', fields: ['image'], visibility: 'public' },
  { name: 'advertisement-images', resource: 'advertisements', fields: ['image'], visibility: 'public' },
];

/** The names of every kind, for the upload request's schema. */
export const uploadKindNames = uploadKinds.map((k) => k.name) as [string, ...string[]];

const byName = new Map(uploadKinds.map((k) => [k.name, k]));

/** The kind of that name, or undefined. */
export function findUploadKind(name: string): UploadKind | undefined {
  return byName.get(name);
}

/** The kind of the files of a resource's field (or of its only image field when no field is given), or undefined. */
export function uploadKindFor(resourceName: string, field?: string): UploadKind | undefined {
  return uploadKinds.find((k) => k.resource === resourceName && (field === undefined || k.fields.includes(field)));
}

let kindsByField: WeakMap<FieldDef, UploadKind> | undefined;

/** The kind of the files a field definition holds (the registry's own definition object), or undefined. */
export function uploadKindOfField(def: FieldDef): UploadKind | undefined {
  if (!kindsByField) {
    kindsByField = new WeakMap();
    for (const kind of uploadKinds) {
      const resource = resourceByName(kind.resource);
      for (const field of kind.fields) {
        const fieldDef = resource.allFields[field];
        if (fieldDef) kindsByField.set(fieldDef, kind);
      }
    }
  }
  return kindsByField.get(def);
}

/** The permissions any of which lets a user upload a file of the kind: create / update where its fields are writable, and its events'. */
export function uploadPermissionsOf(kind: UploadKind): Permission[] {
  const resource: Resource = resourceByName(kind.resource);
  const writableOn = (fields: readonly string[]) => kind.fields.some((f) => fields.includes(f));
  const permissions = [
    ...(writableOn(resource.createFields) && resource.permissions.create ? [resource.permissions.create] : []),
    ...(writableOn(resource.updateFields) && resource.permissions.update ? [resource.permissions.update] : []),
    ...(kind.eventPermissions ?? []),
  ];
  return [...new Set(permissions)];
}

/** True when a user with these permissions may upload a file of the kind. */
export function mayUpload(permissions: readonly string[], kind: UploadKind): boolean {
  return uploadPermissionsOf(kind).some((p) => hasPermission(permissions, p));
}

/** True when a user with these permissions may view some record of the kind's resource (so its private files). */
export function mayViewUploads(permissions: readonly string[], kind: UploadKind): boolean {
  return anyViewPermissions(resourceByName(kind.resource)).some((p) => p === null || hasPermission(permissions, p));
}

/** Where a private kind's files live, below the uploads folder: `private/<kind>/`. */
export const PRIVATE_UPLOADS_FOLDER = 'private';

const privatePathPattern = /^uploads\/private\/([a-z0-9-]{1,60})\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{8,64}\.[a-z]{3,4}$/;

/** The private kind a relative path (`uploads/private/<kind>/…`) belongs to, or undefined for any other path. */
export function privateUploadKindOf(relativePath: string): UploadKind | undefined {
  const name = privatePathPattern.exec(relativePath.trim())?.[1];
  const kind = name === undefined ? undefined : findUploadKind(name);
  return kind?.visibility === 'private' ? kind : undefined;
}

/** True for the relative path of a private upload: it loads only through a signed link (or with a session). */
export function isPrivateUploadPath(relativePath: string | null | undefined): boolean {
  return !!relativePath && privateUploadKindOf(relativePath) !== undefined;
}
