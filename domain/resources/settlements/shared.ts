

export const FM = '/finance-management';
