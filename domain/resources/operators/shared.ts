import type { z } from 'zod';
import type { FieldDef } from '@domain/resource/field';

export const CPO = '/charge-point-operator-management';

/** A field whose input schema is narrower than its builder's (format rules such as GSTIN or a colour). */
export const withInput = (def: FieldDef, input: z.ZodType): FieldDef => ({ ...def, input });
