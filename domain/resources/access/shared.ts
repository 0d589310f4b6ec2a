

export const CZO = '/czo-management';
