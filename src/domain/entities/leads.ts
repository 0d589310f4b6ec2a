import type { Resource } from '../resource/define-resource';

/** Resources of this module (declared in the order of the side menu). */
export const leadResources: readonly Resource[] = [];
