

export const GD = '/global-data-management';
