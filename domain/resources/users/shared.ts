

export const UM = '/user-management';
