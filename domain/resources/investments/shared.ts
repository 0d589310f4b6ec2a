

export const SC = '/sustain-capital-management';
