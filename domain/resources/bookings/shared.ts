

export const BM = '/booking-management';
